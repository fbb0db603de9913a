/**
 * The campaign of `hazardproof fuzz --ptxas`: fast-check draws PTX kernel recipes; each is built
 * for every target (release x architecture x `-O` level), assembled by that release's ptxas,
 * disassembled by its cuobjdump, and judged (`checkOutput`):
 *
 * - every function should be `proved-safe`: ptxas' output is right until a schedule the hardware
 *   can take shows otherwise, so a `hazard` there is a false alarm of the model (rarely a ptxas
 *   bug), and an `unknown` a gap in it. Both are counted, grouped by cause, and kept with an example;
 * - no certain-hazard mutant of an output may be `proved-safe` (the soundness law).
 *
 * The campaign goes on to its budget after a finding, so the table covers the whole run; then the
 * first worst finding (a mutant proved safe before a hazard before, with `shrinkUnknown`, an
 * unknown) is shrunk by fast-check on its one target, keeping the same cause, to a minimal kernel.
 * Run k of seed S is fast-check's path `k`; the shrunk case's path replays it.
 */
import fc from 'fast-check';
import { assemblePtxAsync, NVIDIA_RELEASES, nvidiaTools, type Assembled, type NvidiaTools } from '../../impl/nvidia/tools.js';
import { UNLISTED_ENCODING_ADVICE } from '../../format/sass/cuobjdump.js';
import { ptxRecipeArbitrary } from './arbitrary.js';
import type { OutputCheck, OutputCheckOptions } from './checkOutput.js';
import { withoutDigits } from './checkOutput.js';
import { outputChecker, type OutputChecker } from './outputChecker.js';
import { printPtxKernel } from './print.js';
import { buildPtxKernel, type PtxRecipe } from './recipe.js';
import { targetName, type PtxasTarget } from './target.js';

/** What to run. */
export interface PtxasCampaignConfig {
  readonly seed: number;
  /** Kernels to draw; null: until `timeMs` runs out. */
  readonly runs: number | null;
  /** The budget for drawing and checking kernels, in milliseconds (shrinking has its own). */
  readonly timeMs: number | null;
  readonly targets: readonly PtxasTarget[];
  /** Statements per block of a kernel (`PtxArbitraryOptions.size`). */
  readonly size: number;
  /** Certain-hazard mutants checked per output (a seeded sample). */
  readonly mutants: number;
  /** Budget of each function's check and each mutant's, in milliseconds. */
  readonly checkTimeoutMs: number;
  /** Threads checking outputs (ptxas and cuobjdump run beside them). */
  readonly jobs: number;
  /** fast-check path of one case to run alone (a replay): no shrinking then. */
  readonly path: string | null;
  /** Shrink the first `unknown` when nothing worse was found. */
  readonly shrinkUnknown: boolean;
  readonly shrinkTimeMs: number;
}

/** The figures of one target: what its kernels and their mutants came to. */
export interface TargetTally {
  readonly target: PtxasTarget;
  kernels: number;
  assembled: number;
  provedSafe: number;
  hazard: number;
  unknown: number;
  /** ptxas refused the kernel, or its listing was not read. */
  refused: number;
  mutants: number;
  /** Mutants checked `hazard`. */
  caught: number;
  mutantsUnknown: number;
  /** Mutants proved safe: soundness failures. Must be 0. */
  mutantsProvedSafe: number;
  /** Time spent assembling, disassembling and checking (summed over targets run side by side). */
  ms: number;
}

/** One finding of a group: where, and the texts to see it. */
export interface FindingExample {
  readonly target: PtxasTarget;
  /** fast-check's path of the kernel (its run number in the first pass). */
  readonly path: string;
  readonly function: string;
  readonly detail: string;
  /** Listing lines of the instructions involved. */
  readonly lines: readonly number[];
  readonly ptx: string;
  /** The cuobjdump listing, or null when ptxas refused the kernel. */
  readonly listing: string | null;
  /** The cuobjdump that made it (a newer release's where the own one did not know an encoding). */
  readonly cuobjdump: string;
}

/** Findings of one cause: the kernel verdict (or mutant outcome) and its reason with digits as N. */
export interface ReasonGroup {
  readonly kind: 'hazard' | 'unknown' | 'refused' | 'mutant proved safe' | 'mutant unknown';
  readonly key: string;
  count: number;
  /** Target names it was seen on. */
  readonly targets: Set<string>;
  readonly example: FindingExample;
}

/** The finding shrunk at the end, as small as fast-check got it. */
export interface PtxasFailure {
  readonly kind: ReasonGroup['kind'];
  readonly key: string;
  readonly target: PtxasTarget;
  /** Path of the shrunk case (replays it), and of the case first found. */
  readonly path: string;
  readonly foundPath: string;
  readonly shrinks: number;
  /** Whether the shrunk case failed again when run once more (it should). */
  readonly reproduced: boolean;
  readonly example: FindingExample;
}

/** What a campaign did. */
export interface PtxasCampaignResult {
  readonly kernels: number;
  readonly tallies: readonly TargetTally[];
  readonly groups: readonly ReasonGroup[];
  readonly failure: PtxasFailure | null;
  readonly elapsedMs: number;
  /** Why drawing stopped before `runs` (the time budget), or null. */
  readonly stoppedBy: string | null;
}

/** What the progress line shows. */
export interface PtxasProgress {
  readonly kernels: number;
  readonly outputs: number;
  readonly provedSafe: number;
  readonly hazard: number;
  readonly unknown: number;
  readonly refused: number;
  readonly mutants: number;
  readonly mutantsProvedSafe: number;
  readonly elapsedMs: number;
  /** `shrinking` once drawing is over and a finding is being shrunk. */
  readonly phase: 'drawing' | 'shrinking';
  readonly shrinks: number;
}

/** One target's outcome for one kernel. */
interface TargetEvaluation {
  readonly target: PtxasTarget;
  readonly ptx: string;
  /** The cuobjdump that listed the cubin: the release's own, or a newer one's (`evaluate`). */
  readonly cuobjdump: string;
  readonly assembled: Assembled;
  readonly check: OutputCheck | null;
  readonly ms: number;
}

/** A finding that could be shrunk, ranked: the lower, the worse. */
interface Candidate {
  readonly rank: number;
  readonly kind: ReasonGroup['kind'];
  readonly key: string;
  readonly target: PtxasTarget;
  readonly example: FindingExample;
}

/** The tools of every release the targets name, or the releases that are not unpacked. */
export function campaignTools(targets: readonly PtxasTarget[]): { tools: Map<string, NvidiaTools>; missing: string[] } {
  const tools = new Map<string, NvidiaTools>();
  const missing: string[] = [];
  for (const version of new Set(targets.map((target) => target.version))) {
    const found = nvidiaTools(version);
    if (found === null) missing.push(version);
    else tools.set(version, found);
  }
  return { tools, missing };
}

/** The file name a target's output is reported under (`kernel.sm_80.O3.sass`). */
export function outputFile(target: PtxasTarget): string {
  return `kernel.${target.version}.${target.architecture}.O${target.optimization}.sass`;
}

/** Runs `work` over `items` with at most `limit` at once; results in the items' order. */
async function limited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/** Builds, assembles and checks a recipe on targets; a target not started by `deadline` is left out (null). */
async function evaluate(
  recipe: PtxRecipe, targets: readonly PtxasTarget[], tools: ReadonlyMap<string, NvidiaTools>, checker: OutputChecker, jobs: number,
  options: OutputCheckOptions, deadline: number, onDone?: () => void,
): Promise<(TargetEvaluation | null)[]> {
  // ptxas and cuobjdump wait on the disk as much as they compute: two more in flight than checking threads keeps both busy.
  return limited(targets, jobs + 2, async (target) => {
    if (performance.now() >= deadline) return null;
    const started = performance.now();
    const release = tools.get(target.version)!;
    const ptx = printPtxKernel(buildPtxKernel(recipe, target.architecture, release.release.ptxVersion));
    const assembleOptions = { architecture: target.architecture, optimization: target.optimization, compileOnly: false, timeoutS: 120 } as const;
    let assembled = await assemblePtxAsync(release, ptx, assembleOptions);
    let check = assembled.ok ? await checker.check(assembled.listing, outputFile(target), options) : null;
    let cuobjdump = release.cuobjdump;
    // An encoding the release's own disassembler does not know (11.8's cuobjdump on some of its
    // ptxas' sm_90 output) is listed again by a newer release's, so the output is checked, not refused.
    const newer = check?.refused?.includes(UNLISTED_ENCODING_ADVICE) === true ? newerDisassembler(release) : null;
    if (newer !== null) {
      cuobjdump = newer;
      assembled = await assemblePtxAsync({ ...release, cuobjdump }, ptx, assembleOptions);
      check = assembled.ok ? await checker.check(assembled.listing, outputFile(target), options) : null;
    }
    onDone?.();
    return { target, ptx, cuobjdump, assembled, check, ms: performance.now() - started };
  });
}

/** The cuobjdump of the newest unpacked release newer than `release`, or null. */
function newerDisassembler(release: NvidiaTools): string | null {
  const position = NVIDIA_RELEASES.findIndex((candidate) => candidate.version === release.release.version);
  for (const candidate of NVIDIA_RELEASES.slice(position + 1).reverse()) {
    const tools = nvidiaTools(candidate.version);
    if (tools !== null) return tools.cuobjdump;
  }
  return null;
}

/** The findings of one target's evaluation, worst first. */
function findingsOf(evaluation: TargetEvaluation, path: string): Candidate[] {
  const { target, ptx, assembled, check, cuobjdump } = evaluation;
  const listing = assembled.ok ? assembled.listing : null;
  const example = (name: string, detail: string, lines: readonly number[]): FindingExample => ({ target, path, function: name, detail, lines, ptx, listing, cuobjdump });
  if (!assembled.ok) {
    const what = assembled.timedOut ? `${assembled.stage} timed out` : `${assembled.stage} refused the kernel: ${assembled.message}`;
    return [{ rank: 3, kind: 'refused', key: `refused: ${withoutDigits(what)}`, target, example: example('k', what, []) }];
  }
  if (check!.refused !== null) return [{ rank: 3, kind: 'refused', key: `refused: ${withoutDigits(check!.refused)}`, target, example: example('k', check!.refused, []) }];
  return [
    ...check!.misses.map((miss): Candidate => ({ rank: 0, kind: 'mutant proved safe', key: miss.signature, target, example: example(miss.kernel, `${miss.mutation}: proved safe: ${miss.reason}`, miss.lines) })),
    ...check!.functions.filter((f) => f.verdict === 'hazard').map((f): Candidate => ({ rank: 1, kind: 'hazard', key: f.group, target, example: example(f.name, f.detail, f.lines) })),
    ...check!.functions.filter((f) => f.verdict === 'unknown').map((f): Candidate => ({ rank: 2, kind: 'unknown', key: f.group, target, example: example(f.name, f.detail, f.lines) })),
    // Never shrunk (rank 4): grouped so the report says why certain hazards went uncaught.
    ...check!.escapes.map((escape): Candidate => ({ rank: 4, kind: 'mutant unknown', key: `mutant unknown: ${escape.signature}: ${withoutDigits(escape.reason.split(': ')[0]!)}`, target, example: example(escape.kernel, `${escape.mutation}: unknown: ${escape.reason}`, escape.lines) })),
  ];
}

/** Runs the campaign. */
export async function runPtxasCampaign(config: PtxasCampaignConfig, tools: ReadonlyMap<string, NvidiaTools>, onProgress?: (progress: PtxasProgress) => void): Promise<PtxasCampaignResult> {
  const started = performance.now();
  const deadline = config.timeMs === null ? Infinity : started + config.timeMs;
  const checker = outputChecker(config.jobs);
  const tallies = config.targets.map((target): TargetTally => ({
    target, kernels: 0, assembled: 0, provedSafe: 0, hazard: 0, unknown: 0, refused: 0, mutants: 0, caught: 0, mutantsUnknown: 0, mutantsProvedSafe: 0, ms: 0,
  }));
  const groups = new Map<string, ReasonGroup>();
  const options: OutputCheckOptions = { mutants: config.mutants, seed: config.seed, timeoutMs: config.checkTimeoutMs };
  let kernels = 0;
  /** Outputs done so far, counted as each finishes (the tallies are added a kernel at a time, in target order). */
  let outputsDone = 0;
  let run = -1;
  let first: Candidate | null = null;
  let shrinks = 0;
  let phase: PtxasProgress['phase'] = 'drawing';
  const progress = () => {
    const sum = (pick: (tally: TargetTally) => number) => tallies.reduce((total, tally) => total + pick(tally), 0);
    onProgress?.({
      kernels, outputs: Math.max(outputsDone, sum((t) => t.kernels)), provedSafe: sum((t) => t.provedSafe), hazard: sum((t) => t.hazard), unknown: sum((t) => t.unknown), refused: sum((t) => t.refused),
      mutants: sum((t) => t.mutants), mutantsProvedSafe: sum((t) => t.mutantsProvedSafe), elapsedMs: performance.now() - started, phase, shrinks,
    });
  };
  const timer = setInterval(progress, 1000);
  try {
    const arbitrary = ptxRecipeArbitrary({ size: config.size });
    const record = (evaluations: readonly (TargetEvaluation | null)[], path: string) => {
      kernels++;
      evaluations.forEach((evaluation, index) => {
        if (evaluation === null) return;
        const tally = tallies[index]!;
        tally.kernels++;
        tally.ms += evaluation.ms;
        const { check } = evaluation;
        if (!evaluation.assembled.ok || check === null || check.refused !== null) tally.refused++;
        else {
          tally.assembled++;
          const verdicts = check.functions.map((f) => f.verdict);
          if (verdicts.includes('hazard')) tally.hazard++;
          else if (verdicts.includes('unknown')) tally.unknown++;
          else tally.provedSafe++;
          tally.mutants += check.mutantsChecked;
          tally.caught += check.mutantsHazard;
          tally.mutantsUnknown += check.mutantsUnknown;
          tally.mutantsProvedSafe += check.misses.length;
        }
        for (const finding of findingsOf(evaluation, path)) {
          const group = groups.get(finding.key) ?? { kind: finding.kind, key: finding.key, count: 0, targets: new Set<string>(), example: finding.example };
          groups.set(finding.key, group);
          group.count++;
          group.targets.add(targetName(finding.target));
          const eligible = finding.rank <= 1 || (finding.rank === 2 && config.shrinkUnknown);
          if (eligible && (first === null || finding.rank < first.rank)) first = finding;
        }
      });
    };
    const property = fc.asyncProperty(arbitrary, async (recipe) => {
      run++;
      // A replayed path is the first case fast-check runs; after it, it goes on through the rest of that shrink level: skipped.
      if (performance.now() >= deadline || (config.path !== null && run > 0)) return true;
      const path = config.path ?? String(run);
      record(await evaluate(recipe, config.targets, tools, checker, config.jobs, options, deadline, () => outputsDone++), path);
      return true;
    });
    // A path names one case: fast-check would go on to the next shrink candidates or runs after it.
    const numRuns = config.path !== null ? 1 : config.runs ?? 2 ** 31 - 1;
    // fast-check stops starting runs at the time limit (a run past the deadline does nothing, and
    // without the limit fast-check would go on drawing, blocking the thread, up to numRuns).
    await fc.check(property, {
      seed: config.seed, numRuns, ...(config.path === null ? {} : { path: config.path }),
      ...(config.timeMs === null ? {} : { interruptAfterTimeLimit: config.timeMs, markInterruptAsFailure: false }),
    });
    const stoppedBy = performance.now() >= deadline && (config.runs === null || kernels < config.runs) && config.path === null
      ? `the time budget of ${Math.round(config.timeMs! / 1000)} s ran out after ${kernels} kernel(s)` : null;
    const found = first as Candidate | null;
    if (found === null) return { kernels, tallies, groups: sortedGroups(groups), failure: null, elapsedMs: performance.now() - started, stoppedBy };
    if (config.path !== null) {
      const failure: PtxasFailure = { kind: found.kind, key: found.key, target: found.target, path: config.path, foundPath: config.path, shrinks: 0, reproduced: true, example: found.example };
      return { kernels, tallies, groups: sortedGroups(groups), failure, elapsedMs: performance.now() - started, stoppedBy };
    }
    // Shrinking: the one target, and only the same cause counts as failing again.
    phase = 'shrinking';
    // A mutant failure checks every mutant of its signature; a verdict on the kernel needs no mutant at all.
    const focus: OutputCheckOptions = found.kind === 'mutant proved safe' ? { ...options, mutants: Infinity, mutantSignature: found.key } : { ...options, mutants: 0 };
    const again = async (recipe: PtxRecipe, path: string): Promise<Candidate | null> => {
      const [evaluation] = await evaluate(recipe, [found.target], tools, checker, config.jobs, focus, Infinity);
      return findingsOf(evaluation!, path).find((finding) => finding.kind === found.kind && finding.key === found.key) ?? null;
    };
    // The budget is kept here, not by fast-check's interruptAfterTimeLimit: an interrupted shrink can
    // report a path that is not its counterexample's. Past the budget every candidate passes, so
    // fast-check ends on the smallest failure found, whose path replays it.
    const shrinkEnds = performance.now() + config.shrinkTimeMs;
    let firstCall = true;
    const shrunk = await fc.check(fc.asyncProperty(arbitrary, async (recipe) => {
      if (!firstCall && performance.now() >= shrinkEnds) return true;
      const firstRun = firstCall;
      firstCall = false;
      const failing = await again(recipe, '') !== null;
      if (failing && !firstRun) shrinks++;
      return !failing;
    }), { seed: config.seed, path: found.example.path });
    const recipe = shrunk.failed && shrunk.counterexample !== null ? shrunk.counterexample[0] : null;
    const path = recipe === null ? found.example.path : shrunk.counterexamplePath ?? found.example.path;
    const final = recipe === null ? null : await again(recipe, path);
    const failure: PtxasFailure = {
      kind: found.kind, key: found.key, target: found.target, path, foundPath: found.example.path, shrinks,
      reproduced: final !== null, example: final?.example ?? found.example,
    };
    return { kernels, tallies, groups: sortedGroups(groups), failure, elapsedMs: performance.now() - started, stoppedBy };
  } finally {
    clearInterval(timer);
    await checker.close();
  }
}

/** Groups worst kind first, then the most frequent. */
function sortedGroups(groups: ReadonlyMap<string, ReasonGroup>): ReasonGroup[] {
  const order: ReasonGroup['kind'][] = ['mutant proved safe', 'hazard', 'unknown', 'refused', 'mutant unknown'];
  return [...groups.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || b.count - a.count || a.key.localeCompare(b.key));
}
