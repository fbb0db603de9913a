/**
 * Mesa's own unit test of ir3 delay slots, read as a peer's test suite
 * (`../shared/corpus/mesa-ir3/more/ir3-tests-delay.c`, Mesa's src/freedreno/ir3/tests/delay.c):
 * each `TEST(n, ...)` is an assembly snippet and the number of nops `ir3_legalize` puts before
 * its last instruction on an a630. The cases are read from the C source at test time; each is
 * lowered as a listing is (`format/ir3/lower.ts`) and the component machine is asked how many
 * idle cycles the last instruction needs. Every case must agree, or be listed below as a known
 * difference with its reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerIr3Shader } from '../../format/ir3/lower.js';
import { parseIr3 } from '../../format/ir3/parse.js';
import { packageRoot } from '../../format/packageRoot.js';
import { checkComponentProgram } from '../../impl/components/check.js';
import type { ComponentProgram } from '../../spec/components/program.js';

const file = resolve(packageRoot(), '../shared/corpus/mesa-ir3/more/ir3-tests-delay.c');
const haveFile = existsSync(file);
if (!haveFile) console.warn(`ir3 delay-slot cases skipped: ${file} is absent`);

/** One case of Mesa's test: the snippet, one instruction a line, and the nops Mesa expects before its last instruction. */
interface DelayCase {
  readonly expected: number;
  readonly snippet: string;
  /** 1-based line of the `TEST(` in the C file. */
  readonly line: number;
}

/**
 * The `TEST(n, ...)` entries of the `tests[]` initializer. The macro stringifies its arguments
 * (`# __VA_ARGS__`), which joins the snippet's lines with blanks; Mesa's grammar ignores line
 * ends, so keeping one instruction a line (what this project's reader takes) is the same program.
 * The arguments end at the `)` that balances `TEST(` (the snippet's `(rpt1)`, `(r)` nest inside).
 */
function delayCases(source: string): DelayCase[] {
  const start = source.indexOf('tests[] = {');
  const end = source.indexOf('};', start);
  if (start < 0 || end < 0) throw new Error('no tests[] initializer in the C file');
  const cases: DelayCase[] = [];
  for (const match of source.slice(start, end).matchAll(/\bTEST\(/g)) {
    const open = start + match.index + match[0].length;
    let depth = 1;
    let close = open;
    for (; depth > 0; close++) {
      if (source[close] === '(') depth++;
      else if (source[close] === ')') depth--;
      if (close >= end) throw new Error(`unbalanced TEST( at offset ${open}`);
    }
    const args = source.slice(open, close - 1);
    const comma = args.indexOf(',');
    cases.push({
      expected: Number(args.slice(0, comma).trim()),
      snippet: args.slice(comma + 1).split('\n').map((line) => line.trim()).filter((line) => line !== '').join('\n'),
      line: source.slice(0, open).split('\n').length,
    });
  }
  return cases;
}

/** A finding of the component machine as `KIND component producer -> consumer` (instruction texts). */
type Finding = string;

/**
 * Idle cycles the model needs before the last instruction: the least k such that, with k idle
 * cycles after the instruction before it, no schedule shows a hazard whose consumer is the last
 * instruction. The last instruction also gets `(sy)` and `(ss)`: Mesa's legalize gives it the
 * waits it needs (an `rcp` result is waited for with `(ss)`) and its test counts only nops; in
 * the model a wait never stands in for an idle cycle (a variable result may land at once), so
 * both waits leave the nops alone to find. `others`: the findings, at that k, between earlier
 * instructions (no nop before the last instruction changes them).
 */
function modelDelay(snippet: string): { readonly nops: number | null; readonly others: readonly Finding[] } {
  const { program, notes } = lowerIr3Shader(parseIr3(snippet, 'snippet.asm').shaders[0]!);
  expect(notes).toEqual([]);
  const last = program.instructions.length - 1;
  const textOf = (instruction: number) => program.instructions[instruction]!.text;
  // Mesa inserts at most 6 nops (ir3_delay.c: MAX_NOPS); a few more show a model that asks for more.
  for (let nops = 0; nops <= 10; nops++) {
    const padded: ComponentProgram = {
      ...program,
      instructions: program.instructions.map((instruction, n) => {
        if (n === last - 1) return { ...instruction, nops: instruction.nops + nops };
        if (n === last) return { ...instruction, waits: ['sy', 'ss'] };
        return instruction;
      }),
    };
    const findings = checkComponentProgram(padded, null).hazards.map((hazard) => hazard.finding);
    if (findings.some((finding) => finding.consumer.instruction === last)) continue;
    return { nops, others: findings.map((finding) => `${finding.kind} ${finding.component} ${textOf(finding.producer.instruction)} -> ${textOf(finding.consumer.instruction)}`) };
  }
  return { nops: null, others: [] };
}

/**
 * Cases where the model and Mesa differ, each by name, with the reason. The delay itself agrees
 * in every case; what differs is a finding between earlier instructions of the snippet.
 */
const KNOWN_DIFFERENCES: readonly { readonly name: string; readonly snippet: string; readonly others: readonly Finding[]; readonly reason: string }[] = [
  // None. Case 3 (mov r0.x; rcp r0.x; add) once showed a WAW between the mov and the rcp: the machine let the rcp's variable
  // result land before the mov's fixed one. ir3_legalize.c says "writes that require (ss) or (sy) are synchronized against
  // previous writes" (delay_update), and lowered ir3 programs now say so (ComponentProgram.variableWritesAfterOlder).
];

describe.skipIf(!haveFile)('Mesa\'s ir3 delay-slot cases (ir3-tests-delay.c) on the component machine', () => {
  const cases = haveFile ? delayCases(readFileSync(file, 'utf8')) : [];

  it('reads every TEST of tests[]: 12 cases (the corpus README says 13 snippets; the file holds 12)', () => {
    // Pinned, so that a new version of the file is noticed and read.
    expect(cases.map((c) => c.expected)).toEqual([6, 3, 2, 0, 2, 2, 3, 1, 2, 2, 1, 3]);
    expect(cases.every((c) => c.snippet.split('\n').length >= 2)).toBe(true);
  });

  it.each(cases.map((c, index) => [index, c.expected, c.snippet.replace(/\n/g, '; '), c] as const))(
    'case %i: %i nops before the last instruction of `%s`',
    (_index, _expected, _text, c) => {
      const { nops, others } = modelDelay(c.snippet);
      const known = KNOWN_DIFFERENCES.find((difference) => difference.snippet === c.snippet);
      console.log(`ir3-tests-delay.c:${c.line}: Mesa ${c.expected}, model ${nops}${others.length > 0 ? `; also ${others.join(', ')}${known ? ` (known: ${known.name})` : ''}` : ''}`);
      expect(nops).toBe(c.expected);
      expect(others).toEqual(known?.others ?? []);
    },
  );

  it('every known difference names a case of the file', () => {
    for (const difference of KNOWN_DIFFERENCES) expect(cases.map((c) => c.snippet), difference.name).toContain(difference.snippet);
  });
});
