import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../format/packageRoot.js';
import { soakFailures, type VitestJsonReport } from '../../properties/soak/failures.js';
import { propertySuites, selectSuites } from '../../properties/soak/suites.js';

describe('npm run soak: its suites and how it reads a round', () => {
  it('finds every property suite by reading the tree: the files under properties/ and test files stating a fast-check property', () => {
    const suites = propertySuites(packageRoot());
    expect(suites).toContain('properties/componentBranches.property.test.ts');
    expect(suites).toContain('test/format/hp/print.test.ts');
    expect(suites).not.toContain('test/cli/facts.test.ts');
    expect(suites.some((file) => file.includes('user-suite'))).toBe(false);
    expect(selectSuites(suites, ['componentBranches'])).toEqual(['properties/componentBranches.property.test.ts']);
    expect(() => selectSuites(suites, ['nosuch'])).toThrow(RangeError);
  });

  it('turns a failed test into its round seed, fast-check\'s seed and path, and a command replaying that one test', () => {
    const report: VitestJsonReport = {
      testResults: [{
        name: '/repo/properties/x.property.test.ts', status: 'failed',
        assertionResults: [
          { fullName: 'laws holds', title: 'holds', status: 'passed', failureMessages: [] },
          { fullName: 'laws "breaks" once', title: '"breaks" once', status: 'failed', failureMessages: ['Error: Property failed after 3 tests\n{ seed: 123, path: "2:0:1", endOnFailure: true }\nmore'] },
        ],
      }, { name: '/repo/properties/y.property.test.ts', status: 'failed', message: 'SyntaxError: bad', assertionResults: [] }],
    };
    const failures = soakFailures(report, '/repo', 77);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ suite: 'properties/x.property.test.ts', test: 'laws "breaks" once', seed: 77, property: { seed: 123, path: '2:0:1' } });
    expect(failures[0]!.replay).toBe('HAZARDPROOF_SEED=77 npx vitest run properties/x.property.test.ts -t "\\"breaks\\" once"');
    expect(failures[1]).toMatchObject({ suite: 'properties/y.property.test.ts', test: '(the file)', property: null, message: 'SyntaxError: bad' });
  });
});
