import { combinedExitCode } from '../explore/verdict.js';
import type { Ir3Listing } from '../format/ir3/listing.js';
import { parseIr3 } from '../format/ir3/parse.js';
import { readInputFile } from '../format/readInputFile.js';
import { scheduleIr3Shader, type Ir3NotScheduled, type Ir3Scheduled } from '../impl/components/schedule/ir3Shader.js';
import { stallRatio } from '../reports/compare/table.js';
import { issueCost, scheduleMethodText } from '../reports/components/issueCost.js';
import { fileBudget, readInput, writeFileAtomic, type CliIo } from './io.js';

/** The paragraph of `hazardproof annotate --help` about ir3 listings. */
export const IR3_ANNOTATE_USAGE = `For an Adreno ir3 listing (computerator .asm, Mesa .log, or --from ir3): drops each shader's
NOPs ((nopN) and nop lines), reorders it with the list scheduler of US 8,098,251 and proved edge
latencies (flow max(1, latency - instruction distance), anti 1, output corrected), sets the
(sy)/(ss) waits it needs (keeping the listing's own), writes the idle cycles as ir3 does
((nopN) up to 3 on category 2-3 instructions when the listing uses them, else (rptN)nop lines),
and checks the printed schedule on the component machine. Each shader gets a header comment
with NOPs and cycles of the listing as written, of in-order issue with full latencies, and of
the schedule, and the verdict. Shaders with control flow are printed unchanged, with the
reason. Output in assembly syntax to stdout or OUT; exit 0 when every schedule is proved safe.`;

/** What one shader became. */
type ShaderOutcome = { readonly index: number; readonly line: number; readonly result: Ir3Scheduled | Ir3NotScheduled };


/** The header comment of one shader. */
function header(outcome: ShaderOutcome): string[] {
  const { result } = outcome;
  const name = `shader ${outcome.index} (line ${outcome.line})`;
  if (!result.scheduled) return [`; ${name}: not scheduled (${result.reason}); printed as written`];
  return [
    `; ${name}: ${result.schedule.instructions} instruction${result.schedule.instructions === 1 ? '' : 's'}, scheduled (${scheduleMethodText(result.method)})`,
    `;   listing as written:     ${issueCost(result.listing)}`,
    `;   in-order, full latency: ${issueCost(result.baseline)}`,
    `;   scheduled:              ${issueCost(result.schedule)} (${stallRatio(result.schedule.cycles, result.baseline.cycles)} the in-order cycles, ${stallRatio(result.schedule.cycles, result.listing.cycles)} the listing's)`,
    `;   check of this schedule: ${result.check.verdict}: ${result.check.reason}`,
  ];
}

/** The annotated listing: a file header, the directives (assembly), and each shader with its header. */
function render(listing: Ir3Listing, outcomes: readonly ShaderOutcome[], nopFlags: boolean): string {
  const lines = [
    `; scheduled by hazardproof annotate from ${listing.file}: list scheduler of US 8,098,251, proved edge latencies`,
    `; idle cycles as ${nopFlags ? '(nopN) (at most 3, on category 2-3 instructions without (rptN)) and ' : ''}(rptN)nop lines (at most 6 cycles each)`,
    '; cycles: issue cycles up to and including end; a (sy)/(ss) wait counts 0 cycles (variable latencies are not timed)',
  ];
  for (const shader of listing.shaders) for (const directive of shader.directives) lines.push(directive.text);
  for (const outcome of outcomes) lines.push('', ...header(outcome), ...outcome.result.lines);
  return `${lines.join('\n')}\n`;
}

/**
 * `hazardproof annotate FILE.asm|FILE.log`: schedules every straight-line shader of an ir3
 * listing (see `IR3_ANNOTATE_USAGE`). The listing goes to stdout, or to `output` (written at
 * once: an error leaves no half file) with one summary line per shader on stdout. Returns the
 * exit code: 0 when every scheduled shader is proved safe, 1 on a hazard, 3 when a check is
 * undecided (out of states, or of the listing's time budget `timeoutMs`), 2 for unreadable input.
 */
export function annotateIr3File(file: string, output: string | undefined, io: CliIo, timeoutMs: number | null = null): number {
  const listing = readInput(io, () => parseIr3(readInputFile(file, 'listing'), file));
  if (listing === null) return 2;
  const nopFlags = listing.shaders.some((shader) => shader.instructions.some((instruction) => instruction.nops > 0));
  const { shouldStop } = fileBudget(timeoutMs);
  const outcomes: ShaderOutcome[] = listing.shaders.map((shader) => ({ index: shader.index, line: shader.line, result: scheduleIr3Shader(shader, { nopFlags, shouldStop }) }));
  for (const { index, result } of outcomes) if (!result.scheduled) io.stderr(`note: ${file}: shader ${index} not scheduled: ${result.reason}\n`);
  const text = render(listing, outcomes, nopFlags);
  if (output !== undefined) {
    writeFileAtomic(output, text);
    const summary = outcomes.map(({ index, result }) => (result.scheduled
      ? `${file}: shader ${index}: listing ${issueCost(result.listing)}; in-order ${issueCost(result.baseline)}; scheduled ${issueCost(result.schedule)}: ${result.check.verdict}`
      : `${file}: shader ${index}: not scheduled (${result.reason})`));
    io.stdout(`${summary.join('\n')}\nannotated listing written to ${output}\n`);
  } else {
    io.stdout(text);
  }
  return combinedExitCode(outcomes.flatMap(({ result }) => (result.scheduled ? [result.check.verdict] : [])));
}
