/**
 * AMD GPUs in `npm run bench`: the bundled IR kernels compiled by llc-19 for every target and
 * level and checked (functions, verdicts, time to check, time llc took), and a short `fuzz
 * --llvm` campaign (generated kernels, functions proved, mutants caught). Skipped, said so, where
 * llc-19 is absent.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkAssembly, llcAvailable, llcCommand, LLC, runLlvmCampaign, type LlvmCampaignStats } from '../impl/llvm/campaign.js';
import { packageRoot } from '../format/packageRoot.js';
import { formatTable } from '../reports/table.js';
import { AMDGPU_TARGETS } from '../spec/amdgpu/counters.js';
import { listingKernelsOfText } from '../format/sass/loadKernels.js';
import { loosenWaits } from '../impl/amdgpu/loosen.js';
import { countCycles } from '../impl/sass/cycles.js';

/** One target and level over every bundled IR kernel. */
export interface AmdIrRow {
  readonly target: string;
  readonly level: number;
  readonly kernels: number;
  readonly functions: number;
  readonly verdicts: Readonly<Record<string, number>>;
  readonly llcMs: number;
  readonly checkMs: number;
}

/** `annotate` over one target's -O2 outputs: how much looser than LLVM's the waits the model proves are. */
export interface AmdAnnotateRow {
  readonly target: string;
  readonly functions: number;
  /** Functions whose waits were loosened (LLVM's proved safe first). */
  readonly loosened: number;
  /** Counters of wait lines, and how many of them could be looser. */
  readonly waits: number;
  readonly looser: number;
  /** Cycles over the same seeded schedules, LLVM's waits and the loosest. */
  readonly llvmCycles: number;
  readonly loosestCycles: number;
}

/** The AMD tables' figures, or null without llc-19. */
export interface AmdBench {
  readonly ir: readonly AmdIrRow[];
  readonly annotate: readonly AmdAnnotateRow[];
  readonly campaign: { readonly seed: number; readonly stats: LlvmCampaignStats; readonly ms: number; readonly failed: boolean };
}

/** Compiles and checks examples/amdgpu/ir/*.ll for every target at -O0 and -O2, then runs `runs` campaign cases. */
export function amdBench(seed: number, runs: number): AmdBench | null {
  if (!llcAvailable(LLC)) return null;
  const folder = join(packageRoot(), 'examples', 'amdgpu', 'ir');
  const sources = readdirSync(folder).filter((name) => name.endsWith('.ll')).sort();
  const ir: AmdIrRow[] = [];
  const outputs: { target: string; text: string; file: string }[] = [];
  for (const target of AMDGPU_TARGETS) {
    for (const level of [0, 2]) {
      const verdicts: Record<string, number> = {};
      let functions = 0;
      let llcMs = 0;
      let checkMs = 0;
      for (const source of sources) {
        const [command, ...args] = llcCommand(LLC, target, level);
        let started = performance.now();
        const compiled = spawnSync(command!, args, { input: readFileSync(join(folder, source), 'utf8'), encoding: 'utf8', timeout: 30_000 });
        llcMs += performance.now() - started;
        if (compiled.status !== 0) throw new Error(`${command} ${args.join(' ')} < ${source} failed: ${compiled.stderr}`);
        if (level === 2) outputs.push({ target, text: compiled.stdout, file: `${source}.${target}.O${level}.s` });
        started = performance.now();
        for (const { verdict } of checkAssembly(compiled.stdout, `${source}.${target}.O${level}.s`)) {
          functions++;
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
        }
        checkMs += performance.now() - started;
      }
      ir.push({ target, level, kernels: sources.length, functions, verdicts, llcMs, checkMs });
    }
  }
  const annotate = AMDGPU_TARGETS.map((target) => annotateRow(target, outputs.filter((output) => output.target === target), seed));
  const started = performance.now();
  const result = runLlvmCampaign({ seed, runs, timeMs: null, path: null, llc: LLC }, () => {});
  return { ir, annotate, campaign: { seed, stats: result.stats, ms: performance.now() - started, failed: result.failure !== null } };
}

/** `annotate` on every function of one target's outputs: loosest proved waits against LLVM's, cycles over 10 seeded schedules each. */
function annotateRow(target: string, outputs: readonly { text: string; file: string }[], seed: number): AmdAnnotateRow {
  let functions = 0, loosened = 0, waits = 0, looser = 0, llvmCycles = 0, loosestCycles = 0;
  for (const { text, file } of outputs) {
    for (const kernel of listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] })) {
      functions++;
      const result = loosenWaits(kernel);
      if (result.kind !== 'loosened') continue;
      loosened++;
      const counters = result.lines.flatMap((line) => line.counters);
      waits += counters.length;
      looser += counters.filter((c) => c.loosest !== c.llvm).length;
      for (let run = 0; run < 10; run++) {
        llvmCycles += countCycles(kernel.program, seed + run, 8).cycles;
        loosestCycles += countCycles(result.program, seed + run, 8).cycles;
      }
    }
  }
  return { target, functions, loosened, waits, looser, llvmCycles, loosestCycles };
}

/** The text tables. */
export function formatAmdBench(bench: AmdBench | null): string {
  if (bench === null) return 'AMD GPUs: skipped (llc-19 is absent: apt-get install llvm-19)';
  const ir = formatTable(['AMD: bundled IR compiled by llc-19', 'kernels', 'functions', 'proved-safe', 'hazard', 'unknown', 'llc ms', 'check ms'],
    bench.ir.map((row) => [`${row.target} -O${row.level}`, String(row.kernels), String(row.functions), String(row.verdicts['proved-safe'] ?? 0), String(row.verdicts['hazard'] ?? 0), String(row.verdicts['unknown'] ?? 0), row.llcMs.toFixed(0), row.checkMs.toFixed(0)]), [1, 2, 3, 4, 5, 6, 7]);
  const { stats, seed, ms, failed } = bench.campaign;
  const share = (caught: number, of: number) => `${caught} (${of === 0 ? '-' : ((100 * caught) / of).toFixed(0)}%)`;
  const row = (name: string, tally: { mutants: number; caughtHazard: number; caughtUnknown: number }, nothing: number | string) =>
    [name, String(tally.mutants), share(tally.caughtHazard + tally.caughtUnknown, tally.mutants), String(tally.caughtHazard), String(tally.caughtUnknown), String(nothing)];
  const campaign = formatTable(['AMD: fuzz --llvm campaign', 'kernels', 'targets', 'functions', 'proved-safe', 'ms'],
    [[`seed ${seed}${failed ? ' (FAILED: see hazardproof fuzz --llvm)' : ''}`, String(stats.runs), String(stats.targets.size), String(stats.functions), String(stats.proved), ms.toFixed(0)]], [1, 2, 3, 4, 5]);
  const mutants = formatTable(['AMD: campaign mutants', 'mutants', 'caught', 'hazard', 'unknown', 'proved safe (guarding nothing)'], [
    row('waits dropped', stats.dropped, stats.dropped.guardedNothing),
    row('waits loosened by one', stats.loosened, stats.loosened.guardedNothing),
    row('s_nop shortened (wait states)', stats.nops, stats.nops.provedSafe),
  ], [1, 2, 3, 4, 5]);
  const annotate = formatTable(['AMD: annotate (bundled IR, -O2)', 'functions', 'loosened', 'wait counters', 'could be looser', 'LLVM cycles', 'loosest cycles', 'ratio'],
    bench.annotate.map((row) => [row.target, String(row.functions), String(row.loosened), String(row.waits), String(row.looser), String(row.llvmCycles), String(row.loosestCycles), row.llvmCycles === 0 ? '-' : `${(row.loosestCycles / row.llvmCycles).toFixed(2)}x`]), [1, 2, 3, 4, 5, 6, 7]);
  return [ir, 'Goal: every function proved safe (LLVM\'s waits are correct until a schedule shows otherwise).', '', annotate,
    'Each function whose waits are proved safe has every counter of every wait loosened as far as the proof holds (hazardproof annotate FILE.s); cycles over 10 seeded schedules per function, latencies 1..8.', '', campaign, mutants,
    'Generated IR kernels, each compiled for a random target and level; per output one wait dropped and one loosened where a load\'s result is read, and one s_nop shortened; caught = hazard, or unknown naming its fact; a wait mutant proved safe must guard no register the text shows (else the campaign fails). s_nop mutants only count on gfx9, where LLVM inserts them against wait-state hazards. Replay: hazardproof fuzz --llvm --seed N --runs N.'].join('\n');
}
