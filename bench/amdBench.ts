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

/** The AMD tables' figures, or null without llc-19. */
export interface AmdBench {
  readonly ir: readonly AmdIrRow[];
  readonly campaign: { readonly seed: number; readonly stats: LlvmCampaignStats; readonly ms: number; readonly failed: boolean };
}

/** Compiles and checks examples/amdgpu/ir/*.ll for every target at -O0 and -O2, then runs `runs` campaign cases. */
export function amdBench(seed: number, runs: number): AmdBench | null {
  if (!llcAvailable(LLC)) return null;
  const folder = join(packageRoot(), 'examples', 'amdgpu', 'ir');
  const sources = readdirSync(folder).filter((name) => name.endsWith('.ll')).sort();
  const ir: AmdIrRow[] = [];
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
  const started = performance.now();
  const result = runLlvmCampaign({ seed, runs, timeMs: null, path: null, llc: LLC }, () => {});
  return { ir, campaign: { seed, stats: result.stats, ms: performance.now() - started, failed: result.failure !== null } };
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
  return [ir, 'Goal: every function proved safe (LLVM\'s waits are correct until a schedule shows otherwise).', '', campaign, mutants,
    'Generated IR kernels, each compiled for a random target and level; per output one wait dropped and one loosened where a load\'s result is read, and one s_nop shortened; caught = hazard, or unknown naming its fact; a wait mutant proved safe must guard no register the text shows (else the campaign fails). s_nop mutants only count on gfx9, where LLVM inserts them against wait-state hazards. Replay: hazardproof fuzz --llvm --seed N --runs N.'].join('\n');
}
