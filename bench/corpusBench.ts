/**
 * Every NVIDIA listing of the corpus, by folder: how many files are read (by their content, with
 * no --from or --arch), how many kernels get each verdict under the counterexample side of their
 * table, and the time per kernel, the slowest included. Kernels get a budget each, as `check
 * --timeout` gives a file: a kernel that runs past it counts as unknown, and its time shows it.
 */
import { relative } from 'node:path';
import { checkListingKernels } from '../api/listing/checkKernels.js';
import { timeBudget } from '../api/stop.js';
import type { Verdict } from '../explore/verdict.js';
import { formatTable } from '../reports/table.js';
import { corpusFiles, corpusFolders } from './corpusFolders.js';

/** One folder of the corpus. */
export interface CorpusFolderRow {
  readonly folder: string;
  readonly files: number;
  /** Files refused with a located input error (maxas and TuringAs preprocessor sources). */
  readonly refused: number;
  readonly kernels: number;
  readonly instructions: number;
  readonly verdicts: Readonly<Record<Verdict, number>>;
  readonly ms: number;
  /** The slowest kernel's time and where it is. */
  readonly slowest: { readonly ms: number; readonly kernel: string } | null;
}

/** Budget of one kernel, as `check --timeout 3000` would give a one-kernel file. */
export const CORPUS_KERNEL_BUDGET_MS = 3_000;

/** Checks every NVIDIA listing under `root` (mesa-ir3 left out), one row per top-level folder. */
export function corpusFolderRows(root: string): CorpusFolderRow[] {
  return corpusFolders(root).map((folder) => {
    const files = corpusFiles(root, folder);
    const verdicts: Record<Verdict, number> = { 'proved-safe': 0, 'no-hazard-found': 0, hazard: 0, unknown: 0 };
    let refused = 0;
    let kernels = 0;
    let instructions = 0;
    let ms = 0;
    let slowest: CorpusFolderRow['slowest'] = null;
    for (const { file, kernels: loaded } of files) {
      if (loaded === null) {
        refused++;
        continue;
      }
      // The one check loop of listings; asked as each kernel starts, so each gets its own budget.
      for (const { program, result, elapsedMs } of checkListingKernels(loaded, { shouldStopFor: () => timeBudget({ timeoutMs: CORPUS_KERNEL_BUDGET_MS }).shouldStop })) {
        verdicts[result.verdict]++;
        kernels++;
        instructions += program.instructions.length;
        ms += elapsedMs;
        if (slowest === null || elapsedMs > slowest.ms) slowest = { ms: elapsedMs, kernel: `${relative(root, file)} ${program.name}` };
      }
    }
    return { folder, files: files.length, refused, kernels, instructions, verdicts, ms, slowest };
  });
}

/** The table `npm run bench` prints. */
export function formatCorpusBench(rows: readonly CorpusFolderRow[]): string {
  const total = rows.reduce((sum, row) => ({ kernels: sum.kernels + row.kernels, unknown: sum.unknown + row.verdicts.unknown, hazard: sum.hazard + row.verdicts.hazard }), { kernels: 0, unknown: 0, hazard: 0 });
  return [
    formatTable(['NVIDIA corpus folder', 'files', 'refused', 'kernels', 'instructions', 'proved-safe', 'hazard', 'unknown', 'ms', 'ms/kernel', 'slowest kernel ms'],
      rows.map((row) => [row.folder, String(row.files), String(row.refused), String(row.kernels), String(row.instructions), String(row.verdicts['proved-safe']), String(row.verdicts.hazard), String(row.verdicts.unknown), row.ms.toFixed(0), (row.ms / Math.max(1, row.kernels)).toFixed(1), row.slowest === null ? '-' : row.slowest.ms.toFixed(0)]),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    `Every file read by its content; refused: preprocessor sources (located error). Verdicts under the counterexample side of each table (docs/facts.md), ${CORPUS_KERNEL_BUDGET_MS} ms per kernel. ${total.hazard} hazard and ${total.unknown} unknown of ${total.kernels} kernels (${((100 * total.unknown) / Math.max(1, total.kernels)).toFixed(1)}% unknown; goal: under 2%).`,
  ].join('\n');
}
