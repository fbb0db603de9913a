/**
 * The component machine on Mesa's ir3 output (`../shared/corpus/mesa-ir3`): compiler output is
 * never a false alarm, every shader gets a verdict (branches and loops included), and a
 * protection removed from a listing is caught.
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
  it.each(['compute-a540.log', 'glxgears-a420.log', 'fd-clouds.log', 'more/dEQP-VK.draw.indirect_draw_count.triangle_list.a640.log'])('%s (Mesa\'s compiler output): every shader is proved safe, branches and loops included', (name) => {
    const results = verdicts(readFileSync(join(corpus, name), 'utf8'), name);
    expect(results.filter((result) => result.verdict === 'hazard').map((result) => result.hazards[0]!.finding)).toEqual([]);
    expect(results.map((result) => result.verdict)).toEqual(results.map(() => 'proved-safe'));
    console.log(`${name}: ${results.length} shaders, ${results.filter((r) => r.verdict === 'proved-safe').length} proved safe (${results.map((r) => r.states).join(', ')} states)`);
  });

  it('computerator examples: all proved safe but stg_ldg_offset.asm, which stores r4.x 4 instructions after the add that writes it (Mesa asks for 6)', () => {
    const names = ['branch', 'buf-init', 'early_preamble', 'invocationid', 'pvtmem', 'simple', 'stg_ldg_offset', 'ubo'];
    const results = Object.fromEntries(names.map((name) => [name, verdicts(readFileSync(join(corpus, `computerator/${name}.asm`), 'utf8'), name)[0]!]));
    expect(Object.fromEntries(names.map((name) => [name, results[name]!.verdict]))).toEqual({
      branch: 'proved-safe', 'buf-init': 'proved-safe', early_preamble: 'proved-safe', invocationid: 'proved-safe', pvtmem: 'proved-safe', simple: 'proved-safe', stg_ldg_offset: 'hazard', ubo: 'proved-safe',
    });
    expect(results.stg_ldg_offset!.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`)).toEqual(['RAW r4.x']);
  });

  it('computerator/ubo.asm: in its early preamble a1.x is waited for with (ss) (Mesa\'s legalize), so its (ss)nop before ldc.k c[a1.x] is what keeps it safe', () => {
    const text = readFileSync(join(corpus, 'computerator/ubo.asm'), 'utf8');
    const raw = (listing: string) => verdicts(listing, 'ubo.asm').flatMap((result) => result.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`));
    // Without the (ss), ldc.k may read a1.x before mova1's result lands.
    expect(raw(text.replace('(ss)nop', 'nop'))).toEqual(['RAW a1.x']);
    // Outside an early preamble a write of a1.x needs 6 delay slots instead, and one nop is not enough.
    expect(raw(text.replace('@earlypreamble', ''))).toEqual(['RAW a1.x']);
    // The ldc result r1.x is waited for with (sy) by the add that reads it.
    expect(raw(text.replace('(sy)(rpt3)add.u', '(rpt3)add.u'))).toContain('RAW r1.x');
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

  it('fd-clouds.log: (ss) flags of the first looping shader, removed one at a time, are caught; some only as a WAR on a source a memory or texture instruction reads late', () => {
    const text = readFileSync(join(corpus, 'fd-clouds.log'), 'utf8');
    const shader = parseIr3(text, 'fd-clouds.log').shaders[5]!;
    const lines = text.split('\n');
    const kinds: string[] = [];
    // Every 7th of its 140 (ss) flags keeps the test short; the full campaign is in the README.
    for (const instruction of shader.instructions.filter((candidate) => candidate.flags.has('ss')).filter((_, n) => n % 7 === 0)) {
      const mutated = [...lines];
      mutated[instruction.line - 1] = mutated[instruction.line - 1]!.replace('(ss)', '');
      const lowered = lowerIr3Shader(parseIr3(mutated.join('\n'), 'fd-clouds.log').shaders[5]!);
      const result = checkComponentProgram(lowered.program, null);
      kinds.push(`${result.verdict}:${[...new Set(result.hazards.map((hazard) => hazard.finding.kind))].sort().join('+')}`);
    }
    console.log(`fd-clouds.log shader 5: ${kinds.length} (ss) flags removed one at a time, ${kinds.filter((kind) => kind.startsWith('hazard')).length} caught, ${kinds.filter((kind) => kind === 'hazard:WAR').length} only as WAR`);
    expect(kinds.length).toBe(20);
    expect(kinds.filter((kind) => !kind.startsWith('hazard'))).toEqual([]);
    expect(kinds).toContain('hazard:WAR');
  });

  it('computerator/branch.asm: nops taken from the branch target show a RAW only on the path that falls through', () => {
    const text = readFileSync(join(corpus, 'computerator/branch.asm'), 'utf8');
    const shorter = text.replace('(jp)(rpt5)nop', '(jp)(rpt4)nop');
    expect(shorter).not.toBe(text);
    const [result] = verdicts(shorter, 'branch.asm');
    expect(result!.verdict).toBe('hazard');
    expect(result!.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`)).toEqual(['RAW r1.x']);
    // The mov in the not-taken path writes r1.x; its shortest schedule lets the branch fall through.
    expect(result!.hazards[0]!.schedule).toContainEqual({ type: 'cycle', taken: false });
    // The predicate the branch reads: with 3 nops fewer before it, br reads p0.x too early.
    const [early] = verdicts(text.replace('(rpt5)nop\nbr', '(rpt2)nop\nbr'), 'branch.asm');
    expect(early!.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`)).toContain('RAW p0.x');
  });
});
