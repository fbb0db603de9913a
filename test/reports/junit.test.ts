import { describe, expect, it } from 'vitest';
import { escapeXml, junitXml } from '../../reports/junit.js';

describe('junitXml', () => {
  it('writes one testcase per case, failures counted, text escaped', () => {
    const xml = junitXml('suite <1>', [
      { classname: 'a', name: 'ok.hp', seconds: 0.5 },
      { classname: 'a', name: 'bad.hp', seconds: 1, failure: { type: 'hazard', message: 'RAW on "R1" & more', details: '<timeline>' } },
    ], 1.5);
    expect(xml).toContain('<testsuites name="suite &lt;1&gt;" tests="2" failures="1" errors="0" time="1.500">');
    expect(xml).toContain('<failure type="hazard" message="RAW on &quot;R1&quot; &amp; more">&lt;timeline&gt;</failure>');
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u001b[2Kb')).toBe('a[2Kb');
  });
});
