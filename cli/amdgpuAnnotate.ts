import { isAmdgpuText } from '../format/amdgpu/detect.js';
import { defaultSeed } from '../format/defaultSeed.js';
import { readInputFile } from '../format/readInputFile.js';
import { describeLimit, loosenWaits, type WaitLine } from '../impl/amdgpu/loosen.js';
import type { TimeBudget } from '../impl/budget.js';
import { countCycles } from '../impl/sass/cycles.js';
import { InputError } from '../format/error.js';
import { fileBudget, integerOption, progressLine, type CliIo } from './io.js';
import { loadKernels } from './sassCheck.js';
import type { ListingOptions } from '../format/sass/loadKernels.js';

/** Whether `annotate` should take the AMD path for this file: its content is AMDGPU assembly. */
export function isAmdgpuFile(file: string): boolean {
  try {
    return isAmdgpuText(readInputFile(file, 'listing'));
  } catch (error) {
    if (error instanceof InputError) return false;
    throw error;
  }
}

/** What `annotate` was asked to do with AMDGPU assembly. */
export interface AmdgpuAnnotateRequest extends ListingOptions {
  readonly runs: string | undefined;
  readonly seed: string | undefined;
  readonly maxLatency: string | undefined;
  readonly timeoutMs: number | null;
}

/** `vmcnt(0) lgkmcnt(0) -> vmcnt(3), lgkmcnt(0)`, or `-> no wait` when every counter of the line is loosened away. */
function describeLine(line: WaitLine): string {
  if (line.counters.every((c) => c.loosest === null)) {
    const counters = line.counters.map((c) => c.counter).join(', ');
    return `line ${line.line}: ${line.text} -> no wait on ${counters} (proved; the line could be removed)`;
  }
  return `line ${line.line}: ${line.text} -> ${line.counters.map((c) => describeLimit(c.counter, c.loosest)).join(', ')} (proved)`;
}

/**
 * `hazardproof annotate FILE.s` for AMDGPU assembly: for each function whose own waits are proved
 * safe, loosen every wait as far as the analysis proves (greedily, in program order), re-prove the
 * result, print each wait line that could be looser, and compare cycles with LLVM's waits on the
 * same seeded schedules. Exit 0 when every loosened function is proved safe, 3 when a function's
 * own waits are not proved safe (or a budget ran out), 1 when a loosened function is not proved.
 */
export function annotateAmdgpu(file: string, request: AmdgpuAnnotateRequest, io: CliIo): number {
  const runs = integerOption('runs', request.runs, 20, 1, 100_000);
  const seed = integerOption('seed', request.seed, defaultSeed(), 0, 2 ** 32 - 1);
  const maxLatency = integerOption('max-latency', request.maxLatency, 8, 1, 10_000);
  const kernels = loadKernels([file], request, io);
  if (kernels === null) return 2;
  const progress = progressLine(io);
  const budgets = new Map<string, TimeBudget>();
  const lines: string[] = [];
  const count = (cycles: number) => cycles.toLocaleString('en-US');
  let undecided = false;
  let unproved = false;
  for (const kernel of kernels) {
    progress.update(`${kernel.file}: loosening the waits of ${kernel.program.name}`);
    if (!budgets.has(kernel.file)) budgets.set(kernel.file, fileBudget(request.timeoutMs));
    const shouldStop = budgets.get(kernel.file)!.shouldStop;
    const head = `${kernel.file}: function ${kernel.program.name} (${kernel.program.architecture})`;
    const result = loosenWaits(kernel, shouldStop);
    if (result.kind === 'not-proved') {
      undecided = true;
      lines.push(`${head}: LLVM's waits are ${result.verdict.verdict}, not proved safe (${result.verdict.reason}): not loosened`);
      continue;
    }
    if (result.kind === 'stopped') {
      undecided = true;
      lines.push(`${head}: unknown: ${result.reason} before the waits were loosened`);
      continue;
    }
    const waits = result.lines.flatMap((line) => line.counters);
    const looser = waits.filter((c) => c.loosest !== c.llvm);
    const changed = result.lines.filter((line) => line.counters.some((c) => c.loosest !== c.llvm));
    const proved = result.verdict.verdict === 'proved-safe';
    unproved ||= !proved;
    lines.push(`${head}: ${waits.length} wait(s) on ${result.lines.length} line(s)`);
    if (looser.length === 0) {
      lines.push(`  LLVM's waits are already the loosest the model proves; function ${result.verdict.verdict}`);
      continue;
    }
    for (const line of changed) lines.push(`  ${describeLine(line)}`);
    lines.push(`  ${looser.length} of ${waits.length} waits could be looser; loosened function ${result.verdict.verdict}${proved ? '' : ` (${result.verdict.reason})`}`);
    let llvmCycles = 0;
    let loosestCycles = 0;
    let cut = 0;
    for (let run = 0; run < runs; run++) {
      const before = countCycles(kernel.program, seed + run, maxLatency, shouldStop);
      const after = countCycles(result.program, seed + run, maxLatency, shouldStop);
      llvmCycles += before.cycles;
      loosestCycles += after.cycles;
      if (!before.finished || !after.finished) cut++;
    }
    const ratio = llvmCycles === 0 ? '-' : `${(loosestCycles / llvmCycles).toFixed(2)}x`;
    lines.push(`  cycles over ${runs} schedules: LLVM's waits ${count(llvmCycles)}, loosest ${count(loosestCycles)} (${ratio})${cut > 0 ? `; ${cut} run(s) cut at the issue limit` : ''}`);
  }
  progress.done();
  lines.push(`seed ${seed}, latencies 1..${maxLatency} per step (same schedules: hazardproof annotate ${file} --runs ${runs} --seed ${seed})`);
  io.stdout(`${lines.join('\n')}\n`);
  return unproved ? 1 : undecided ? 3 : 0;
}
