/**
 * The component machine on Mesa's ir3 output (`../shared/corpus/mesa-ir3`): compiler output is
 * never a false alarm, simple.asm is proved, and a protection removed from it is caught.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../format/packageRoot.js';
import { lowerIr3Shader } from '../../format/ir3/lower.js';
import { parseIr3 } from '../../format/ir3/parse.js';
import { checkComponentProgram } from '../../impl/components/check.js';

const corpus = resolve(packageRoot(), '../shared/corpus/mesa-ir3');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`ir3 corpus tests skipped: ${corpus} is absent`);

function verdicts(text: string, file: string) {
  return parseIr3(text, file).shaders.map((shader) => {
    const lowered = lowerIr3Shader(shader);
    return checkComponentProgram(lowered.program, lowered.notes.length === 0 ? null : lowered.notes[0]!.message);
  });
}

describe.skipIf(!haveCorpus)('ir3 listings of the corpus on the component machine', () => {
  it.each(['compute-a540.log', 'glxgears-a420.log', 'fd-clouds.log'])('%s (Mesa\'s compiler output): no hazard in any shader, and the straight-line ones proved', (name) => {
    const results = verdicts(readFileSync(join(corpus, name), 'utf8'), name);
    expect(results.filter((result) => result.verdict === 'hazard').map((result) => result.hazards[0]!.finding)).toEqual([]);
    expect(results.filter((result) => result.verdict === 'proved-safe').length).toBeGreaterThan(0);
    console.log(`${name}: ${results.length} shaders, ${results.filter((r) => r.verdict === 'proved-safe').length} proved safe, ${results.filter((r) => r.verdict === 'unknown').length} unknown (control flow)`);
  });

  it('computerator/simple.asm is proved safe; with one nop fewer before the a0.x use it is a RAW on a0.x', () => {
    const text = readFileSync(join(corpus, 'computerator/simple.asm'), 'utf8');
    expect(verdicts(text, 'simple.asm').map((result) => result.verdict)).toEqual(['proved-safe']);
    const shorter = text.replace('(rpt5)nop\n(ul)mov', '(rpt4)nop\n(ul)mov');
    expect(shorter).not.toBe(text);
    const [result] = verdicts(shorter, 'simple.asm');
    expect(result!.verdict).toBe('hazard');
    expect(result!.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`)).toContain('RAW a0.x');
  });
});
