import type { DepbarProof } from '../solver/proveDepbar.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { instructionLabel } from './describeHazard.js';
import { formatTable } from './table.js';

/** The breaking order of a proof as a table: events in order, the counted events outstanding after each, the barrier's moment. */
export function renderBreakingOrder(parsed: ParsedProgram, proof: DepbarProof): string {
  const { breaking, order } = proof;
  if (!breaking) return '';
  const counted = order.events.filter((event) => event.counted).length;
  let outstanding = counted;
  const rows: string[][] = [];
  breaking.order.sequence.forEach((eventIndex, step) => {
    if (step === breaking.order.doneAtBarrier) {
      rows.push(['', `DEPBAR.LE SB${proof.scoreboard}, ${breaking.immediate} passes: ${outstanding} outstanding <= ${breaking.immediate}`, '', '']);
    }
    const event = order.events[eventIndex]!;
    if (event.counted) outstanding--;
    const mark = eventIndex === breaking.dependency.eventIndex ? `<== needed by #${breaking.dependency.consumer} (${breaking.dependency.kind} on ${breaking.dependency.register})` : '';
    rows.push([String(step + 1), `${event.kind} of ${instructionLabel(parsed, event.instruction)}`, event.counted ? String(outstanding) : '', mark]);
  });
  return formatTable(['step', 'event', `SB${proof.scoreboard} outstanding`, ''], rows, [0, 2]);
}

/** One DEPBAR's verdict in words, with what it protects and, when there is one, the breaking order. */
export function renderDepbarProof(parsed: ParsedProgram, proof: DepbarProof): string {
  const head = `${instructionLabel(parsed, proof.index)}: ${proof.verdict}` +
    `${proof.largestSafe === null ? '' : `, largest safe immediate ${proof.largestSafe}`} (${proof.elapsedMs.toFixed(0)} ms, ${proof.obligations.length} queries)`;
  const lines = [head, `  ${proof.reason}`];
  for (const d of proof.dependencies) {
    lines.push(`  protects ${d.kind} on ${d.register}: the ${d.event} of ${instructionLabel(parsed, d.producer)} before ${instructionLabel(parsed, d.consumer)}`);
  }
  if (proof.breaking) {
    const what = proof.verdict === 'unsound' ? 'order that breaks it' : `order that breaks ${proof.breaking.immediate} (so ${proof.immediate} is tight)`;
    lines.push(`  ${what}:`, renderBreakingOrder(parsed, proof).split('\n').map((line) => `    ${line}`).join('\n'));
  }
  return lines.join('\n');
}
