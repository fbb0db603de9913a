/**
 * Laws of the component machine with control flow:
 * - a program with forward branches has exactly the hazards of its paths, each checked as a
 *   straight-line program (branches add no hazard of their own and hide none);
 * - the settled-component reduction of the state identity (what makes loops and long shaders
 *   tractable) finds the same hazards as the unreduced search, loops included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import type { ComponentProgram } from '../spec/components/program.js';
import { componentSystem, type ComponentFinding } from '../spec/components/system.js';
import { branchingComponentPrograms } from './arbitraries/componentBranches.js';

const MAX_STATES = 50_000;

function key(finding: ComponentFinding, original: (index: number) => number = (index) => index): string {
  return `${finding.kind} ${finding.component} ${original(finding.producer.instruction)}.${finding.producer.execution} -> ${original(finding.consumer.instruction)}.${finding.consumer.execution}`;
}

function findings(program: ComponentProgram, settle = true, maxStates = MAX_STATES) {
  const exploration = exploreAll(componentSystem(program, { settle }), { maxStates });
  return { complete: exploration.complete, keys: new Set(exploration.witnesses.map((witness) => key(witness.finding))), witnesses: exploration.witnesses };
}

/** Every path of an acyclic program, as the instruction indices it issues in order. */
function paths(program: ComponentProgram, from = 0): number[][] {
  const count = program.instructions.length;
  if (from >= count) return [[]];
  const branch = program.instructions[from]!.branch;
  const next = branch === undefined ? [from + 1] : branch.conditional ? [branch.target, from + 1] : [branch.target];
  return [...new Set(next)].flatMap((successor) => paths(program, successor).map((rest) => [from, ...rest]));
}

/**
 * The counterexample issue 20 reported (seed 1536407106): a variable-latency write of r1.y, a
 * fixed write of r1.y that is also a conditional branch over a second fixed write of r1.y. Each
 * path has its own WAW; the settled reduction once merged the two paths' end states and kept one.
 */
function branchOverWriteRegression(): ComponentProgram {
  const r1y = { kind: 'register' as const, register: 'r1', component: 1, increments: false };
  const instruction = (index: number, fields: Partial<ComponentProgram['instructions'][number]>) => ({
    opcode: `I${index}`, repeat: 0, nops: 0, line: index + 1, text: `I${index}`, destination: r1y, sources: [],
    latency: 1, readerClass: 'alu', syncClass: null, waits: [], ...fields,
  });
  return {
    instructions: [
      instruction(0, { latency: 'variable', syncClass: 'sy' }),
      instruction(1, { branch: { target: 3, conditional: true } }),
      instruction(2, {}),
      instruction(3, { destination: null, latency: 'variable' }),
    ],
  };
}

describe('the component machine with branches', () => {
  it('regression (replayed first): a branch over a second write, with an older write in flight, keeps both WAWs', () => {
    const program = branchOverWriteRegression();
    const expected = ['WAW r1.y 0.0 -> 1.0', 'WAW r1.y 0.0 -> 2.0'];
    expect([...findings(program).keys].sort()).toEqual(expected);
    expect([...findings(program, false).keys].sort()).toEqual(expected);
  });

  it('forward branches: the hazards of the program are the union of the hazards of its paths', () => {
    fc.assert(fc.property(branchingComponentPrograms({ maxInstructions: 6 }), (program) => {
      const whole = findings(program);
      expect(whole.complete).toBe(true);
      const union = new Set<string>();
      for (const path of paths(program)) {
        const straight: ComponentProgram = { instructions: path.map((index) => { const { branch: _, ...rest } = program.instructions[index]!; return rest; }) };
        const ofPath = exploreAll(componentSystem(straight), { maxStates: MAX_STATES });
        expect(ofPath.complete).toBe(true);
        for (const witness of ofPath.witnesses) union.add(key(witness.finding, (position) => path[position]!));
      }
      expect([...whole.keys].sort()).toEqual([...union].sort());
      expect([...whole.keys].sort()).toEqual([...findings(program, false).keys].sort());
    }), { numRuns: 300 });
  });

  it('loops: the settled-component reduction finds exactly the hazards of the unreduced search', () => {
    let compared = 0;
    fc.assert(fc.property(branchingComponentPrograms({ maxInstructions: 4, loops: true }), (program) => {
      // The unreduced search of a loop can be large: a program it cannot finish is not a run (fc.pre
      // skips it), so every one of the 40 runs is a comparison, whatever the seed.
      const full = findings(program, false, 3_000);
      fc.pre(full.complete);
      compared++;
      const reduced = findings(program, true);
      expect(reduced.complete).toBe(true);
      expect([...reduced.keys].sort()).toEqual([...full.keys].sort());
    }), { numRuns: 40 });
    expect(compared).toBe(40);
  });

  it('a loop-carried dependence is found on the second iteration, and padding it away is proved', () => {
    const instruction = (index: number, fields: Partial<ComponentProgram['instructions'][number]>) => ({
      opcode: `I${index}`, repeat: 0, nops: 0, line: index + 1, text: `I${index}`, destination: null, sources: [],
      latency: 1, readerClass: 'alu', syncClass: null, waits: [], ...fields,
    });
    const r1 = { kind: 'register' as const, register: 'r1', component: 0, increments: false };
    const loop = (nops: number): ComponentProgram => ({
      instructions: [
        instruction(0, { sources: [r1], destination: { ...r1, register: 'r2' } }),
        instruction(1, { destination: r1, latency: 4, nops }),
        instruction(2, { branch: { target: 0, conditional: true } }),
      ],
    });
    const unsafe = findings(loop(0));
    expect(unsafe.complete).toBe(true);
    expect([...unsafe.keys]).toEqual(['RAW r1.x 1.0 -> 0.0']);
    // The schedule that shows it goes around the loop: the branch is taken once.
    expect(unsafe.witnesses[0]!.path).toContainEqual({ type: 'cycle', taken: true });
    const safe = findings(loop(2));
    expect(safe.complete).toBe(true);
    expect(safe.keys.size).toBe(0);
  });
});
