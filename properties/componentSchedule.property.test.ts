/**
 * The component scheduler's law (seed 004's list scheduler with the proved edge latencies), on
 * random straight-line programs of the component machine:
 * (a) every scheduled program is proved safe by exhaustive exploration (`checkComponentProgram`
 *     must finish: a program too big to decide fails the law rather than pass it);
 * (b) it takes no more issue cycles than in-order issue with full hardware latencies;
 * (c) it is a permutation of the input's instructions that keeps every dependence in order and
 *     issues each successor at least its edge latency after its predecessor's last execution.
 * And the law can fail: a scheduler whose flow edges are 1, or one using the seed's own output
 * rule (edge 1), is caught by the same check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComponentProgram } from '../impl/components/check.js';
import { baselineComponentProgram } from '../impl/components/schedule/baseline.js';
import { issueCycles, isNopInstruction } from '../impl/components/schedule/cycles.js';
import { PROVED_EDGE_RULES, type EdgeRules } from '../impl/components/schedule/edgeRules.js';
import { scheduleComponentProgram } from '../impl/components/schedule/schedule.js';
import type { ComponentProgram } from '../spec/components/program.js';
import { componentProgramArbitrary } from './arbitraries/componentProgram.js';

const programs = componentProgramArbitrary({ minInstructions: 6, maxInstructions: 10, registers: 3, maxVariable: 2 });
const MAX_STATES = 100_000;

/** Null when the law holds for `program` scheduled with `rules`, else why not. */
function violation(program: ComponentProgram, rules: EdgeRules): string | null {
  const scheduled = scheduleComponentProgram(program, { rules });
  if (!scheduled.ok) return `not scheduled: ${scheduled.reason}`;
  const check = checkComponentProgram(scheduled.program, null, MAX_STATES);
  if (check.verdict !== 'proved-safe') {
    const finding = check.hazards[0]?.finding;
    const at = (index: number) => scheduled.program.instructions[index]!.text;
    return `(a) ${check.verdict}: ${check.reason}${finding ? `; ${finding.kind} on ${finding.component}: ${at(finding.producer.instruction)} then ${at(finding.consumer.instruction)}` : ''}`;
  }
  const baseline = baselineComponentProgram(program);
  if (!baseline.ok) return `baseline not built: ${baseline.reason}`;
  if (scheduled.statistics.cycles > baseline.statistics.cycles) return `(b) ${scheduled.statistics.cycles} cycles, the in-order full-latency baseline ${baseline.statistics.cycles}`;
  const kept = program.instructions.flatMap((instruction, index) => (isNopInstruction(instruction) ? [] : [index]));
  if ([...scheduled.order].sort((a, b) => a - b).join() !== kept.join()) return `(c) not a permutation: ${scheduled.order.join()}`;
  const position = new Map(scheduled.order.map((index, at) => [index, at]));
  const start = new Map(issueCycles(scheduled.program).map((cycle, at) => [scheduled.order[at]!, cycle]));
  for (const dependence of scheduled.graph.dependences) {
    const predecessor = scheduled.graphIndices[dependence.predecessor]!;
    const successor = scheduled.graphIndices[dependence.successor]!;
    if (position.get(predecessor)! > position.get(successor)!) return `(c) ${dependence.kind} dependence ${predecessor} -> ${successor} reversed`;
    const gap = start.get(successor)! - (start.get(predecessor)! + program.instructions[predecessor]!.repeat);
    if (gap < dependence.edge) return `(c) ${dependence.kind} dependence ${predecessor} -> ${successor}: ${gap} cycle(s), edge latency ${dependence.edge}`;
  }
  return null;
}

const print = (program: ComponentProgram) => program.instructions.map((instruction) => instruction.text).join('\n');

describe('componentSchedule: the list scheduler with proved edge latencies', () => {
  it('schedules are proved safe, no longer than in-order full-latency issue, and keep every dependence', () => {
    fc.assert(fc.property(programs, (program) => {
      const reason = violation(program, PROVED_EDGE_RULES);
      if (reason !== null) throw new Error(`${reason}\n${print(program)}`);
    }), { numRuns: 400 });
  });

  it.each([
    { name: 'flow edges of 1 (no latency at all)', rules: { ...PROVED_EDGE_RULES, name: 'broken: flow edge 1', flow: () => 1 }, kind: 'RAW' },
    { name: "the seed's own output rule (edge 1, unsound when the successor is faster)", rules: { ...PROVED_EDGE_RULES, name: 'seed output rule', output: () => 1 }, kind: 'WAW' },
  ])('the law catches a broken scheduler: $name', ({ rules, kind }) => {
    const result = fc.check(fc.property(programs, (program) => violation(program, rules) === null), { numRuns: 1000 });
    expect(result.failed).toBe(true);
    const counterexample = result.counterexample![0];
    const reason = violation(counterexample, rules)!;
    console.log(`${rules.name}: caught after ${result.numRuns} run(s), shrunk ${result.numShrinks} time(s): ${reason}\n${print(counterexample)}`);
    expect(reason).toMatch(new RegExp(`^\\(a\\) hazard: .*${kind} on`));
    expect(violation(counterexample, PROVED_EDGE_RULES)).toBeNull();
  });
});
