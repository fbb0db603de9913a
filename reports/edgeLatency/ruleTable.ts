import type { RuleCase, RuleVerdict } from '../../impl/edgeLatency/judge.js';
import type { RepeatedInstruction } from '../../spec/components/pairTiming.js';
import { formatTable } from '../table.js';

/** The verdict table of `prove-rules`, with each unsound rule's smallest counterexample drawn as a timeline. */
export function renderRuleTable(verdicts: readonly RuleVerdict[]): string {
  const lines = [formatTable(['rule', 'cases', 'sound', 'tight', 'verdict'],
    verdicts.map((v) => [v.rule, String(v.cases), String(v.sound), String(v.tight), v.sound === v.cases ? (v.tight === v.cases ? 'sound and tight' : 'sound, not always tight') : 'UNSOUND']), [1, 2, 3])];
  for (const verdict of verdicts) {
    if (!verdict.counterexample) continue;
    const { case: smallest, hazard } = verdict.counterexample;
    lines.push('', `${verdict.rule}: smallest unsound case, edge latency ${smallest.edge} where ${smallest.needed} is needed:`, ...timeline(smallest).map((line) => `  ${line}`),
      `  ${hazard.kind} on ${hazard.register}.${hazard.component.toLowerCase()}: the successor's event at cycle ${hazard.successorCycle}, the predecessor's at cycle ${hazard.predecessorCycle}`);
  }
  return lines.join('\n');
}

/** One line per cycle: what each instruction of the case reads and writes then. */
function timeline(rule: RuleCase): string[] {
  const start = rule.predecessor.executions - 1 + rule.edge;
  const events = new Map<number, string[]>();
  const add = (cycle: number, text: string) => events.set(cycle, [...(events.get(cycle) ?? []), text]);
  const describe = (name: string, instruction: RepeatedInstruction, first: number) => {
    for (let j = 0; j < instruction.executions; j++) {
      const reads = instruction.sources.map((source) => `${source.register}.${source.components[j]!.toLowerCase()}`);
      add(first + j, `${name} issues execution ${j}${reads.length > 0 ? `, reads ${reads.join(', ')}` : ''}`);
      if (instruction.destination) add(first + j + instruction.latency, `${name} writes ${instruction.destination.register}.${instruction.destination.components[j]!.toLowerCase()} (latency ${instruction.latency})`);
    }
  };
  describe('predecessor', rule.predecessor, 0);
  describe('successor', rule.successor, start);
  return [...events.keys()].sort((a, b) => a - b).map((cycle) => `cycle ${String(cycle).padStart(2)}: ${events.get(cycle)!.join('; ')}`);
}
