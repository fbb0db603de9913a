/**
 * Seed 004's list scheduler (proved edge latencies) against in-order NOP padding with full
 * hardware latency, on ir3 shaders: generated ones (seeded, 20 to 2,000 instructions) and every
 * straight-line shader of the Mesa ir3 corpus (`../shared/corpus/mesa-ir3`), where Mesa's own
 * listing is a third column. NOPs are idle cycles, cycles are issue cycles up to and including
 * `end` (a wait counts 0). Every schedule is written in ir3 syntax, read back and checked by
 * exhaustive exploration of the component machine; the verdict column counts the results.
 * Runs alone with `node dist/bench/componentBench.js [--seed N]`.
 */
import { stallRatio } from '../reports/compare/table.js';
import { Random } from '../explore/random.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Verdict } from '../explore/verdict.js';
import { parseIr3 } from '../format/ir3/parse.js';
import { packageRoot } from '../format/packageRoot.js';
import type { IssueStatistics } from '../impl/components/schedule/cycles.js';
import { scheduleIr3Shader } from '../impl/components/schedule/ir3Shader.js';
import { formatTable } from '../reports/table.js';

/** One row: a listing (or a generated shader), summed over its scheduled shaders. */
export interface ComponentBenchRow {
  readonly case: string;
  /** Shaders scheduled, of all shaders. */
  readonly scheduled: number;
  readonly shaders: number;
  /** Instructions of the scheduled shaders (nops aside, `end` included). */
  readonly instructions: number;
  /** Mesa's listing as written; null for a generated shader (its input has no NOPs). */
  readonly listing: IssueStatistics | null;
  readonly baseline: IssueStatistics;
  readonly schedule: IssueStatistics;
  /** Verdicts of the checks of the printed schedules. */
  readonly verdicts: Readonly<Partial<Record<Verdict, number>>>;
  /** Milliseconds to schedule and encode (the baseline and the checks not included). */
  readonly ms: number;
}

/** Where the ir3 corpus is, or null when this clone has none (`../shared/corpus/mesa-ir3`). */
export function ir3CorpusRoot(): string | null {
  const root = resolve(packageRoot(), '..', 'shared', 'corpus', 'mesa-ir3');
  return existsSync(root) ? root : null;
}

/**
 * A straight-line ir3 shader of `size` instructions before `end`, without NOPs: ALU work
 * (`add.f`, `mul.f`, `mad.f32`, `mov`), some of it repeated over vec4 components, and now and
 * then a special-function result (`rcp`, `sin`: `(ss)` producers). Sources mostly read recent
 * results, so chains and independent work interleave as in compiled shaders.
 */
export function generatedIr3Shader(size: number, seed: number): string {
  const generator = new Random(seed);
  const next = () => generator.next();
  const pick = <T>(items: readonly T[]): T => generator.pick(items);
  const component = () => pick(['x', 'y', 'z', 'w']);
  const written: string[] = ['r0.x'];
  const source = () => (next() < 0.75 ? written[Math.max(0, written.length - 1 - Math.floor(next() * 6))]! : `c${Math.floor(next() * 8)}.${component()}`);
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const register = 1 + Math.floor(next() * 15);
    const roll = next();
    if (roll < 0.1) {
      // A repeated instruction over a whole vec4: destination and (r) source in different registers.
      const from = (register + 1 + Math.floor(next() * 14)) % 16;
      lines.push(`(rpt3)${pick(['add.f', 'mul.f'])} r${register}.x, (r)r${from}.x, c${Math.floor(next() * 8)}.x`);
      written.push(...['x', 'y', 'z', 'w'].map((c) => `r${register}.${c}`));
      continue;
    }
    const destination = `r${register}.${component()}`;
    if (roll < 0.18) lines.push(`${pick(['rcp', 'sin'])} ${destination}, ${source()}`);
    else if (roll < 0.3) lines.push(`mov.f32f32 ${destination}, ${source()}`);
    else if (roll < 0.5) lines.push(`mad.f32 ${destination}, ${source()}, ${source()}, ${source()}`);
    else lines.push(`${pick(['add.f', 'mul.f'])} ${destination}, ${source()}, ${source()}`);
    written.push(destination);
  }
  lines.push('end', '');
  return lines.join('\n');
}

const ZERO: IssueStatistics = { instructions: 0, nops: 0, cycles: 0 };
const add = (a: IssueStatistics, b: IssueStatistics): IssueStatistics => ({ instructions: a.instructions + b.instructions, nops: a.nops + b.nops, cycles: a.cycles + b.cycles });

/** Schedules every shader of one listing text and sums what it costs. */
function rowOf(name: string, text: string, file: string, withListing: boolean): ComponentBenchRow {
  const listing = parseIr3(text, file);
  const nopFlags = listing.shaders.some((shader) => shader.instructions.some((instruction) => instruction.nops > 0));
  let mesa = ZERO;
  let baseline = ZERO;
  let schedule = ZERO;
  let scheduled = 0;
  let ms = 0;
  const verdicts: Partial<Record<Verdict, number>> = {};
  for (const shader of listing.shaders) {
    const result = scheduleIr3Shader(shader, { nopFlags });
    if (!result.scheduled) continue;
    scheduled++;
    mesa = add(mesa, result.listing);
    baseline = add(baseline, result.baseline);
    schedule = add(schedule, result.schedule);
    ms += result.ms;
    verdicts[result.check.verdict] = (verdicts[result.check.verdict] ?? 0) + 1;
  }
  return { case: name, scheduled, shaders: listing.shaders.length, instructions: schedule.instructions, listing: withListing ? mesa : null, baseline, schedule, verdicts, ms };
}

/** Generated shaders of the given sizes, shader k from seed `seed + k`. */
export function generatedRows(seed: number, sizes: readonly number[] = [20, 100, 500, 1000, 2000]): ComponentBenchRow[] {
  return sizes.map((size, k) => rowOf(`generated, ${size} instructions`, generatedIr3Shader(size, seed + k), `generated-${size}.asm`, false));
}

/** Every corpus listing: the Mesa logs, then each computerator file. */
export function corpusRows(root: string): ComponentBenchRow[] {
  const logs = readdirSync(root).filter((name) => name.endsWith('.log')).sort();
  const computerator = existsSync(join(root, 'computerator')) ? readdirSync(join(root, 'computerator')).filter((name) => name.endsWith('.asm')).sort().map((name) => `computerator/${name}`) : [];
  return [...logs, ...computerator].map((name) => rowOf(name, readFileSync(join(root, name), 'utf8'), name, true));
}

function cost(statistics: IssueStatistics | null): [string, string] {
  return statistics === null ? ['-', '-'] : [statistics.nops.toLocaleString('en-US'), statistics.cycles.toLocaleString('en-US')];
}

function ratio(a: number, b: number | undefined): string {
  return b === undefined ? '-' : stallRatio(a, b);
}

function verdictText(verdicts: Readonly<Partial<Record<Verdict, number>>>): string {
  const entries = Object.entries(verdicts);
  return entries.length === 0 ? '-' : entries.map(([verdict, count]) => `${count} ${verdict}`).join(', ');
}

/** The text table of this bench, with the seed and what the columns mean. */
export function formatComponentBench(generated: readonly ComponentBenchRow[], corpus: readonly ComponentBenchRow[] | null, seed: number): string {
  const rows = [...generated, ...(corpus ?? [])];
  const table = formatTable(
    ['ir3 shaders: list scheduler vs in-order', 'scheduled', 'instructions', 'Mesa NOPs', 'Mesa cycles', 'in-order NOPs', 'in-order cycles', 'scheduled NOPs', 'scheduled cycles', 'sched/in-order', 'sched/Mesa', 'check of the printed schedule', 'schedule ms'],
    rows.map((r) => [
      r.case, `${r.scheduled}/${r.shaders}`, r.instructions.toLocaleString('en-US'), ...cost(r.listing), ...cost(r.baseline), ...cost(r.schedule),
      ratio(r.schedule.cycles, r.baseline.cycles), ratio(r.schedule.cycles, r.listing?.cycles), verdictText(r.verdicts), r.ms.toFixed(1),
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12],
  );
  return [
    table,
    `Generated shaders: seed ${seed} (size k from seed ${seed} + k), ALU work with repeats over vec4s and (ss) special-function results, no NOPs in the input.`,
    corpus === null ? 'ir3 corpus: skipped (../shared/corpus/mesa-ir3 is absent).' : 'Corpus rows sum the straight-line shaders of each listing (shaders with control flow are not scheduled); Mesa = the listing as written.',
    'NOPs = idle cycles ((nopN) and nop lines); cycles = issue cycles up to and including end; a (sy)/(ss) wait counts 0 cycles (variable latencies are not timed).',
    'In-order: program order, every dependence padded to the full hardware latency. Scheduled: the list scheduler of US 8,098,251 with the proved edge latencies, in ir3 encoding.',
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--seed');
  const seed = at >= 0 ? Number(process.argv[at + 1]) : 1;
  const root = ir3CorpusRoot();
  console.log(formatComponentBench(generatedRows(seed), root === null ? null : corpusRows(root), seed));
}
