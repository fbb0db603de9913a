import { combinedExitCode } from '../explore/verdict.js';
import { parseCodes } from '../explore/scheduleText.js';
import { replayPath } from '../explore/run.js';
import { readExpectation, type Expectation } from '../format/hp/expectation.js';
import { readInputFile } from '../format/readInputFile.js';
import { loadListingKernels, type ListingOptions, type LoadedKernel } from '../format/sass/loadKernels.js';
import type { TimeBudget } from '../impl/budget.js';
import { describeSassHazard } from '../reports/sass/describe.js';
import { kernelCheckReport, renderKernelCheck, type KernelCheck } from '../reports/sass/checkText.js';
import { checkSarifLog } from '../reports/sarif/checkSarifLog.js';
import { parseSassActionCode } from '../spec/sass/machine/action.js';
import { sassSystem } from '../spec/sass/system.js';
import { checkReplayLength, fileBudget, progressLine, readInput, UsageError, type CliIo } from './io.js';
import { SASS_NOTATIONS } from '../format/sass/load.js';
import type { SassNotation } from '../format/sass/listing.js';
import { readSourceText, writeHtmlReport, type HtmlRequest } from './html.js';
import { sassKernelSection } from '../reports/html/sassSection.js';
import { printJsonResults, type FileShard } from './fileSharding.js';
import { checkListingKernels } from '../api/listing/checkKernels.js';

/** What `check` was asked to do with listings. */
export interface ListingCheckRequest extends ListingOptions {
  readonly json: boolean;
  /** `--format sarif`: print one SARIF log instead of text or JSON. */
  readonly sarif: boolean;
  /** The command's arguments, recorded in the SARIF log's invocation. */
  readonly arguments: readonly string[];
  /** `--html FILE`: also write the HTML report there; null (or absent) for none. */
  readonly html?: HtmlRequest | null;
  readonly expect: boolean;
  readonly replay: string | null;
  /** `--timeout MS`: the budget of each listing (its kernels share it), or null. */
  readonly timeoutMs: number | null;
  /** `--shard I/N`: the shard these files are, whose JSON report `hazardproof merge` reads; null (or absent) without it. */
  readonly shard?: FileShard | null;
  /** `--all-findings`: the JSON and SARIF reports list every unconfirmed hazard and note, not the first few with counts. */
  readonly allFindings?: boolean;
}

/** `--from`, `--arch` and `--kernel` as every listing command takes them; a usage error for an unknown notation. */
export function listingOptions(values: { readonly from?: string; readonly arch?: string; readonly kernel?: readonly string[] }): ListingOptions {
  const from = values.from ?? null;
  if (from !== null && !(SASS_NOTATIONS as readonly string[]).includes(from)) throw new UsageError(`--from expects ${SASS_NOTATIONS.join(', ')}, got '${from}'`);
  return { from: from as SassNotation | null, architecture: values.arch ?? null, kernels: values.kernel ?? [] };
}

/** Reads every listing before any work starts; null (problems printed) when any has a mistake. */
export function loadKernels(files: readonly string[], options: ListingOptions, io: CliIo): LoadedKernel[] | null {
  const loaded = files.map((file) => readInput(io, () => loadListingKernels(file, options)));
  return loaded.every((kernels) => kernels !== null) ? (loaded as LoadedKernel[][]).flat() : null;
}

/** `hazardproof check` on NVIDIA listings: a verdict per kernel; returns the exit code. */
export function checkListings(files: readonly string[], request: ListingCheckRequest, io: CliIo): number {
  const kernels = loadKernels(files, request, io);
  if (kernels === null) return 2;
  if (request.replay !== null) return replayKernel(kernels, request.replay, io);
  const progress = progressLine(io);
  const budgets = new Map<string, TimeBudget>();
  const checks = checkListingKernels(kernels, {
    shouldStopFor: (file) => {
      if (!budgets.has(file)) budgets.set(file, fileBudget(request.timeoutMs));
      return budgets.get(file)!.shouldStop;
    },
    onProgress: ({ file, kernel }) => progress.update(`${file}: kernel ${kernel}`),
  });
  progress.done();
  const failed = request.expect ? filesNotAsExpected(files, checks) : [];
  const exitCode = request.expect ? (failed.length > 0 ? 1 : 0) : combinedExitCode(checks.map((check) => check.result.verdict));
  const json = (check: KernelCheck) => kernelCheckReport(check, { allFindings: request.allFindings ?? false });
  if (request.sarif) {
    io.stdout(`${JSON.stringify(checkSarifLog(checks.map(json), request.arguments), null, 2)}\n`);
  } else if (request.json) {
    printJsonResults(io, checks.map(json), request.shard ?? null, exitCode);
  } else {
    io.stdout(`${checks.map(renderKernelCheck).join('\n\n')}\n`);
  }
  if (request.html) {
    writeHtmlReport(request.html.path, {
      title: 'hazardproof check', command: request.html.command,
      facts: [{ label: 'one hazard again', value: 'each hazard below has its own replay command (a schedule on the reference machine)', code: false }],
      sections: checks.map((check, index) => sassKernelSection(check, `f${index + 1}`, readSourceText(check.file))),
      summary: [],
    });
  }
  if (request.expect && !request.json && !request.sarif) {
    io.stdout(`\n${files.length - failed.length}/${files.length} listings got their expected verdict`);
    io.stdout(failed.length > 0 ? `; not as expected (or no expect: comment): ${failed.join(', ')}\n` : '\n');
  }
  return exitCode;
}

/** `--expect`: the files whose `// expect:` (or `# expect:`) comment is missing or does not hold for every kernel they have. */
function filesNotAsExpected(files: readonly string[], checks: readonly KernelCheck[]): string[] {
  return files.filter((file) => {
    const expectation = readExpectation(readInputFile(file, 'listing'));
    return expectation === null || !checks.filter((check) => check.file === file).every((check) => meets(check, expectation));
  });
}

function meets(check: KernelCheck, expectation: Expectation): boolean {
  if (check.result.verdict !== expectation.verdict) return false;
  if (expectation.kind === null) return true;
  return check.result.hazards.some(({ hazard }) => hazard.kind === expectation.kind && (expectation.register === null || (hazard.kind !== 'overflow' && hazard.register === expectation.register)));
}

/** `--replay SCHEDULE` on one kernel: runs it on the reference machine and prints what it shows. */
function replayKernel(kernels: readonly LoadedKernel[], text: string, io: CliIo): number {
  checkReplayLength(text);
  if (kernels.length !== 1) throw new UsageError(`--replay needs exactly one kernel (choose it with --kernel); got ${kernels.length}`);
  const kernel = kernels[0]!;
  const schedule = parseCodes(text, parseSassActionCode, 'f0, w0.0, W, r0.0, R, i, n, t');
  if (typeof schedule === 'string') throw new UsageError(`--replay: ${schedule}`);
  let path;
  try {
    // Schedules a report prints are evidence: they run on the counterexample side of the table.
    path = replayPath(sassSystem(kernel.counterexample?.program ?? kernel.program), schedule);
  } catch (error) {
    throw new UsageError(`--replay: the machine does not allow this schedule: ${(error as Error).message}`);
  }
  const lines = [`${kernel.file}: kernel ${kernel.program.name}: replayed ${schedule.length} actions (${path.finished ? 'the thread finished' : 'a partial run'})`];
  if (path.findings.length === 0) lines.push('no hazard in this schedule');
  for (const hazard of path.findings) lines.push(describeSassHazard(kernel.program, hazard));
  io.stdout(`${lines.join('\n')}\n`);
  return path.findings.length > 0 ? 1 : 0;
}
