/**
 * `hazardproof fuzz --ptxas`: NVIDIA's assembler in the loop (`properties/ptx/campaign.ts`). Parses
 * the options, prints the seed and the replay command first, draws a progress line on stderr, and
 * at the end the per-target table, the findings by cause and the shrunk finding with the ptxas,
 * cuobjdump and `hazardproof check` commands; the examples and the minimal kernel are written to
 * `--keep DIR`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultSeed } from '../format/defaultSeed.js';
import { assembleCommandLine, NVIDIA_RELEASES } from '../impl/nvidia/tools.js';
import { DEFAULT_PTX_SIZE } from '../properties/ptx/arbitrary.js';
import { campaignTools, outputFile, runPtxasCampaign, type PtxasCampaignConfig, type PtxasProgress } from '../properties/ptx/campaign.js';
import { ptxasCampaignSummary, type KeptFiles } from '../properties/ptx/summary.js';
import { DEFAULT_PTXAS_ARCHITECTURES, ptxasTargets } from '../properties/ptx/target.js';
import { type CliIo, integerOption, UsageError } from './io.js';

/** The options only `fuzz --ptxas` takes (`parseArgs` form), merged into `FUZZ_OPTIONS`. */
export const PTXAS_OPTIONS = {
  ptxas: { type: 'boolean' }, 'ptxas-version': { type: 'string' }, arch: { type: 'string' }, opt: { type: 'string' }, keep: { type: 'string' },
  'shrink-unknown': { type: 'boolean' }, 'shrink-time': { type: 'string' }, size: { type: 'string' }, mutants: { type: 'string' },
} as const;

/** The options of `fuzz` that `--ptxas` takes besides its own. */
const SHARED_OPTIONS = new Set(['runs', 'time', 'seed', 'jobs', 'path', 'timeout', 'help']);

/** Seconds `--time` defaults to. */
const DEFAULT_TIME_S = 120;

/** The lines `fuzz --help` shows for `--ptxas`. */
export const PTXAS_USAGE = `--ptxas: NVIDIA's assembler in the loop (tools from 'npm run setup:nvidia'): random typed PTX
kernels (global, shared, constant and local memory, atomics, barriers, MUFU and FP64 math with its
subroutines, conversions, multiply-add chains, predicates, counted loops and if/else, shuffles,
votes, mma.sync and cp.async where the architecture has them) are assembled by ptxas for every
release x architecture x -O level and disassembled by cuobjdump (a newer release's where the own one
prints an encoding it does not know, as 11.8's does for some sm_90 code). Every function should be proved
safe (ptxas' output is right: a hazard is a false alarm of the model, an unknown a gap, both
grouped by cause with an example), and no certain-hazard mutant of an output may be (a soundness
failure). The first worst finding is shrunk to a minimal PTX kernel, printed with its ptxas,
cuobjdump and check commands and a replay (--seed S --path P). Exit 1 on a hazard or a mutant
proved safe, 3 when kernels were unknown, 2 when the tools are missing.
  --ptxas-version V,... releases (default ${NVIDIA_RELEASES.map((r) => r.version).join(',')})
  --arch A,...          architectures (default ${DEFAULT_PTXAS_ARCHITECTURES.join(',')})
  --opt L,...           ptxas -O levels (default 3,0)
  --size N              statements per block of a kernel (default ${DEFAULT_PTX_SIZE})
  --mutants N           certain-hazard mutants checked per output, a seeded sample (default 4)
  --keep DIR            where the examples and the minimal kernel are written (default: a new
                        folder under the system's temporary folder, printed at the end)
  --shrink-unknown      shrink the first unknown too, when nothing worse was found
  --shrink-time SECONDS budget for shrinking, after --time (default 120)
  with --ptxas, --time defaults to ${DEFAULT_TIME_S} (--runs N instead: N kernels), --timeout MS bounds
  each function's check (default 60000), and --jobs N checks N outputs at once`;

/** `hazardproof fuzz --ptxas`: returns the exit code. */
export async function fuzzPtxas(values: Record<string, string | boolean | undefined>, positionals: readonly string[], io: CliIo): Promise<number> {
  if (positionals.length > 0) throw new UsageError('--ptxas generates its own kernels: give no program files');
  const other = Object.keys(values).filter((name) => values[name] !== undefined && !SHARED_OPTIONS.has(name) && !(name in PTXAS_OPTIONS));
  if (other.length > 0) throw new UsageError(`--${other[0]} does not go with --ptxas`);
  const str = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const list = (name: string, fallback: readonly string[]) => (str(name) ?? fallback.join(',')).split(',').map((item) => item.trim()).filter((item) => item !== '');
  let targets;
  try {
    const levels = list('opt', ['3', '0']).map((level) => integerOption('opt', level, 0, 0, 3));
    targets = ptxasTargets(list('ptxas-version', NVIDIA_RELEASES.map((r) => r.version)), list('arch', DEFAULT_PTXAS_ARCHITECTURES), levels);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
  const runs = str('runs') === undefined ? null : integerOption('runs', str('runs'), 1, 1);
  const timeSeconds = runs !== null && str('time') === undefined ? null : integerOption('time', str('time'), DEFAULT_TIME_S, 1);
  const seed = integerOption('seed', str('seed'), defaultSeed(), 0, 2 ** 32 - 1);
  const config: PtxasCampaignConfig = {
    seed, runs, timeMs: timeSeconds === null ? null : timeSeconds * 1000, targets,
    size: integerOption('size', str('size'), DEFAULT_PTX_SIZE, 1, 64),
    mutants: integerOption('mutants', str('mutants'), 4, 0, 10_000),
    checkTimeoutMs: integerOption('timeout', str('timeout'), 60_000, 1),
    jobs: integerOption('jobs', str('jobs'), 1, 1, 64),
    path: str('path') ?? null,
    shrinkUnknown: values['shrink-unknown'] === true,
    shrinkTimeMs: integerOption('shrink-time', str('shrink-time'), 120, 0) * 1000,
  };
  const { tools, missing } = campaignTools(targets);
  if (missing.length > 0) {
    io.stderr(`hazardproof: fuzz --ptxas needs NVIDIA's ptxas and cuobjdump ${missing.join(' and ')}, which are not unpacked: run 'npm run setup:nvidia'\n`);
    return 2;
  }
  const folder = resolve(str('keep') ?? join(tmpdir(), `hazardproof-fuzz-ptxas-${seed}`));
  // The campaign's own options, for the replay line (a path replays one case of the same campaign).
  const replay = [
    'hazardproof fuzz --ptxas', `--seed ${seed}`, `--ptxas-version ${[...new Set(targets.map((t) => t.version))].join(',')}`,
    `--arch ${[...new Set(targets.map((t) => t.architecture))].join(',')}`, `--opt ${[...new Set(targets.map((t) => t.optimization))].join(',')}`,
    `--size ${config.size}`, `--mutants ${config.mutants}`,
  ].join(' ');
  const amount = config.path !== null ? `path ${config.path} only` : runs !== null ? `${runs} kernel(s)${timeSeconds === null ? '' : `, at most ${timeSeconds} s`}` : `${timeSeconds} s`;
  io.stderr(`fuzz --ptxas: seed ${seed}, ${targets.length} target(s) (${[...tools.values()].map((t) => `ptxas ${t.release.version}`).join(', ')}), ${amount}, ${config.jobs} job(s) (same campaign: ${replay}${runs === null ? '' : ` --runs ${runs}`})\n`);
  let last = 0;
  const result = await runPtxasCampaign(config, tools, (p: PtxasProgress) => {
    const now = Date.now();
    if (now - last < (io.progress ? 500 : 5000)) return;
    last = now;
    const budget = timeSeconds === null ? '' : ` / ${timeSeconds} s`;
    const status = p.phase === 'shrinking'
      ? `shrinking the first finding: ${p.shrinks} smaller failing kernel(s) so far, ${(p.elapsedMs / 1000).toFixed(0)} s`
      : `${p.kernels} kernel(s), ${p.outputs} output(s): ${p.provedSafe} proved safe, ${p.hazard} hazard, ${p.unknown} unknown, ${p.refused} refused; mutants ${p.mutants} (${p.mutantsProvedSafe} proved safe), ${(p.elapsedMs / 1000).toFixed(0)} s${budget}`;
    io.stderr(io.progress ? `\r\x1b[2K${status}` : `fuzz --ptxas: ${status}\n`);
  });
  if (io.progress) io.stderr('\r\x1b[2K');
  mkdirSync(folder, { recursive: true });
  const groups = new Map<string, { ptx: string; listing: string | null }>();
  result.groups.forEach((group, k) => {
    const stem = join(folder, `finding-${k + 1}.${group.example.target.version}.${group.example.target.architecture}.O${group.example.target.optimization}`);
    writeFileSync(`${stem}.ptx`, group.example.ptx);
    if (group.example.listing !== null) writeFileSync(`${stem}.sass`, group.example.listing);
    groups.set(group.key, { ptx: `${stem}.ptx`, listing: group.example.listing === null ? null : `${stem}.sass` });
  });
  let minimal: KeptFiles['minimal'] = null;
  if (result.failure !== null) {
    const { target, ptx: text, listing, cuobjdump } = result.failure.example;
    const ptx = join(folder, `minimal.${target.architecture}.O${target.optimization}.ptx`);
    const sass = join(folder, outputFile(target).replace(/^kernel\./, 'minimal.'));
    writeFileSync(ptx, text);
    if (listing !== null) writeFileSync(sass, listing);
    const options = { architecture: target.architecture, optimization: target.optimization, compileOnly: false, timeoutS: 120 };
    minimal = {
      ptx, listing: listing === null ? null : sass,
      assemble: `${assembleCommandLine({ ...tools.get(target.version)!, cuobjdump }, options, ptx)} > ${sass}`,
      check: `hazardproof check ${sass}`,
    };
  }
  // A path replays on the one target it failed on; a mutant failure with every mutant checked (the sample may miss it).
  const failed = result.failure;
  const failureReplay = failed === null ? null
    : `hazardproof fuzz --ptxas --seed ${seed} --ptxas-version ${failed.target.version} --arch ${failed.target.architecture} --opt ${failed.target.optimization} --size ${config.size} --mutants ${failed.kind === 'mutant proved safe' ? 10_000 : config.mutants} --path ${failed.path}`;
  const lines = ptxasCampaignSummary(result, { seed, size: config.size, mutants: config.mutants, replay, failureReplay }, { folder, groups, minimal });
  io.stdout(`${lines.join('\n')}\n`);
  const worst = result.groups.map((group) => group.kind);
  if (worst.includes('mutant proved safe') || worst.includes('hazard')) return 1;
  if (worst.includes('unknown')) return 3;
  // A generator that ptxas refuses is a bug of ours, said so in the table; the checker's law held.
  return 0;
}
