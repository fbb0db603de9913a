import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { renderCheckText } from '../reports/checkReport.js';
import { describeHazard } from '../reports/describeHazard.js';
import { renderTimeline } from '../reports/timeline.js';
import { DEFAULT_CHECK_OPTIONS } from '../impl/check.js';
import { parseSchedule, replay } from '../spec/scoreboard/trace.js';
import { combinedExitCode } from '../explore/verdict.js';
import { readExpectation } from '../format/hp/expectation.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { checkReplayLength, type CliIo, fileBudget, integerOption, progressLine, scoreboardMaxOption, TIMEOUT_HELP, timeoutOption, UsageError } from './io.js';
import { lrcMinimizeCommand, lrcReplayCommand } from './lrcCheck.js';
import { loadAnyPrograms } from './programs.js';
import { renderLrcCheckText } from '../reports/lrc/checkReport.js';
import { checkLoaded, MAX_LISTED_FINDINGS, type CheckReport } from '../api/checkLoaded.js';
import { CHECK_MODES, CHECK_OPTION_RANGES, isCheckMode } from '../api/checkOptions.js';
import type { Verdict } from '../explore/verdict.js';
import { minimizeCommand } from './minimize.js';
import { readInputFile } from '../format/readInputFile.js';
import { checkListings, listingOptions } from './sassCheck.js';
import { recogniseInput } from '../api/recogniseInput.js';
import { checkComponentFiles } from './componentCheck.js';
import { commandLine, HTML_HELP, htmlOption, readSourceText, writeHtmlReport } from './html.js';
import type { HtmlSection } from '../reports/html/report.js';
import { scoreboardCheckSection } from '../reports/html/scoreboardSection.js';
import { lrcCheckSection } from '../reports/html/lrcSection.js';
import { reportFormatOption } from './reportFormat.js';
import { checkSarifLog } from '../reports/sarif/checkSarifLog.js';
import { emptyShardRun, fileShardOf, printJsonResults, SHARD_OPTION } from './fileSharding.js';
import { CHECK_SHARDING } from './fileShardingRules.js';

/** Help text of `hazardproof check`. */
export const CHECK_USAGE = `usage: hazardproof check FILE... [options]

Explores the latency schedules (and warp interleavings) of each program and states a verdict:
proved-safe, no-hazard-found, hazard or unknown.

options:
  --mode auto|exhaustive|random  search strategy (default auto: exhaustive when it fits in
                                 --max-states, random schedules otherwise)
  --seed N                       seed of the random schedules (default: a fresh one, printed)
  --runs N                       random schedules to run (default ${DEFAULT_CHECK_OPTIONS.runs})
  --max-latency N                largest random queue/execution delay in cycles (default ${DEFAULT_CHECK_OPTIONS.maxLatency})
  --max-states N                 state budget of exhaustive search (default ${DEFAULT_CHECK_OPTIONS.maxStates})
${TIMEOUT_HELP}
  --scoreboard-bits N            width of a scoreboard counter (default 6: values up to 63)
  --replay SCHEDULE              run exactly one schedule (as printed after 'replay:') and show it
  --minimize OUT.hp              on a hazard, shrink the program to a smallest one that still shows
                                 the first hazard (same kind, same register) and write it to OUT.hp
  --timelines first|all|none     timelines to print for hazards (default first)
  --expect                       compare each verdict with the file's '# expect:' comment; exit 0
                                 when all match, 1 otherwise
  --json                         print one JSON object per file (an array for several files)
  --shard I/N                    check only shard I of N (1-based) of the files: sorted by path and
                                 dealt round-robin, so N CI jobs split them (.hp programs need --seed);
                                 with --json, the report 'hazardproof merge' combines into one result
  --format text|json|sarif       report format on stdout (default text; json is --json; sarif: one
                                 SARIF 2.1.0 log for code scanning, a result per hazard)
  --all-findings                 listings: list every unconfirmed hazard and model note of a kernel
                                 in the JSON and SARIF reports (by default the first 20 of each,
                                 the rest counted by kind in unconfirmedSummary and notesSummary)
${HTML_HELP}

NVIDIA listings (.cuasm, .sass, or any file or - (standard input) whose content is one) are
decided kernel by kernel by a sound analysis of every path, loop count and latency; a suspected
hazard is reported as a hazard only when a concrete schedule on the reference machine shows it:
  --from cuasm|maxas|turingas|cuobjdump|nvaa   notation (default: told from the content, else the
                                 extension; cuobjdump covers nvdisasm -hex and CuAssembler's dsass)
  --from ir3                     Adreno ir3 (Mesa's computerator .asm and CI .log files, also by
                                 extension): each shader (branches and loops too) on the component machine
  --arch sm_XX                   architecture, overriding the one the listing states (code for sm_XX,
                                 .target, EF_CUDA_SMXX, ELF flags, # Arch:, the file name); a
                                 kernel of an architecture with no opcode table yet is unknown
  --kernel NAME                  check only this kernel (repeatable); needed with --replay

AMD GPU assembly as llc -mtriple=amdgcn-amd-amdhsa prints it (.s, or any file or - whose content
is AMDGPU assembly) is decided kernel by kernel and function by function the same way: whether the
s_waitcnt / s_wait_* waits LLVM inserted are enough under every latency (wait counters only; the
s_nop / s_delay_alu wait-state hazards are not modelled). --arch gfxNNNN overrides .amdgcn_target
(facts for gfx900, gfx90a, gfx942, gfx1030, gfx1100, gfx1200); --kernel, --replay, --json and
--expect (a '; expect:' comment) work as for NVIDIA listings.

Programs of the component machine (.comp: repeated scalar instructions over XYZW, US 8,098,251, see
examples/components) and ir3 listings are explored exhaustively (--max-states); --replay (action
codes, or the JSON schedule --json prints), --minimize OUT.comp, --timelines, --json and --expect
work on them as above, and --kernel N picks an ir3 shader by its number.

exit codes: 0 proved-safe or no-hazard-found, 1 hazard, 2 usage or input error, 3 unknown`;

/** The options `hazardproof check` takes (`parseArgs` form); its help lists each. */
export const CHECK_OPTIONS = {
  mode: { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' },
  'max-latency': { type: 'string' }, 'max-states': { type: 'string' }, 'scoreboard-bits': { type: 'string' },
  replay: { type: 'string' }, minimize: { type: 'string' }, timelines: { type: 'string' }, expect: { type: 'boolean' }, json: { type: 'boolean' },
  from: { type: 'string' }, arch: { type: 'string' }, kernel: { type: 'string', multiple: true },
  format: { type: 'string' }, html: { type: 'string' }, 'all-findings': { type: 'boolean' },
  timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  ...SHARD_OPTION,
} as const;

/** `hazardproof check`: returns the exit code. */
export function checkCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: CHECK_OPTIONS });
  if (values.help) {
    io.stdout(`${CHECK_USAGE}\n`);
    return 0;
  }
  const sharding = fileShardOf(CHECK_SHARDING, values, positionals, io);
  if (positionals.length === 0) throw new UsageError('check needs at least one program file');
  // Every shard refuses what the unsharded run refuses (the checks below see every file), then runs its own files.
  const files = sharding?.files ?? positionals;
  const emptyShard = () => emptyShardRun(sharding!, format === 'json', io);
  const timeoutMs = timeoutOption(values.timeout);
  const html = htmlOption(values.html);
  if (html !== null && (values.replay !== undefined || values.minimize !== undefined)) {
    throw new UsageError(`--html reports the verdicts of a check; --${values.replay !== undefined ? 'replay' : 'minimize'} prints text`);
  }
  const htmlRequest = html === null ? null : { path: html, command: commandLine(['check'], args) };
  const format = reportFormatOption(values.format, values.json);
  if (format === 'sarif' && (values.replay !== undefined || values.minimize !== undefined)) {
    throw new UsageError(`--format sarif reports the verdicts of a check; --${values.replay !== undefined ? 'replay' : 'minimize'} prints text`);
  }
  // One rule tells the kinds apart, the library's `load` too (api/recogniseInput.ts).
  const kinds = positionals.map((file) => recogniseInput(file, values.from === undefined ? {} : { from: values.from }));
  // A scenario is played, not checked instruction by instruction: say where it goes rather than fail its schema as a program.
  const scenarios = positionals.filter((_, index) => kinds[index] === 'streamout');
  if (scenarios.length > 0) throw new UsageError(`${scenarios.join(', ')}: a stream-output scenario; run it with hazardproof streamout run ${scenarios.join(' ')} (the library's check(load(file)) runs it too)`);
  if (kinds.every((kind) => kind === 'ir3' || kind === 'components')) {
    for (const option of ['mode', 'seed', 'runs', 'max-latency', 'scoreboard-bits', 'arch', 'all-findings'] as const) {
      if (values[option] !== undefined) throw new UsageError(`--${option} does not apply to .comp programs and ir3 listings (every schedule is explored)`);
    }
    const timelines = values.timelines ?? 'first';
    if (timelines !== 'first' && timelines !== 'all' && timelines !== 'none') throw new UsageError(`--timelines expects first, all or none, got '${timelines}'`);
    if (files.length === 0) return emptyShard();
    return checkComponentFiles(files, {
      ir3: values.from === 'ir3', json: format === 'json', sarif: format === 'sarif', arguments: args, html: htmlRequest, expect: values.expect ?? false, replay: values.replay ?? null, minimize: values.minimize ?? null,
      timelines, kernels: values.kernel ?? [], maxStates: integerOption('max-states', values['max-states'], 200_000, 1), timeoutMs, shard: sharding,
    }, io);
  }
  const programs = positionals.filter((_, index) => kinds[index] === 'components');
  if (programs.length > 0) throw new UsageError(`check .comp programs (and ir3 listings) and other files in separate runs (.comp: ${programs.join(', ')})`);
  const listings = positionals.filter((_, index) => kinds[index] === 'listing');
  if (values.from !== undefined || listings.length > 0) {
    if (listings.length !== positionals.length && values.from === undefined) {
      throw new UsageError(`check listings and .hp programs in separate runs (listings: ${listings.join(', ')})`);
    }
    if (files.length === 0) return emptyShard();
    return checkListings(files, {
      ...listingOptions(values),
      json: format === 'json', sarif: format === 'sarif', arguments: args, html: htmlRequest, expect: values.expect ?? false, replay: values.replay ?? null, timeoutMs, shard: sharding,
      allFindings: values['all-findings'] ?? false,
    }, io);
  }
  for (const option of ['arch', 'kernel', 'all-findings'] as const) {
    if (values[option] !== undefined) throw new UsageError(`--${option} applies to NVIDIA listings (.cuasm, .sass or --from)`);
  }
  const mode = values.mode ?? 'auto';
  if (!isCheckMode(mode)) throw new UsageError(`--mode expects one of ${CHECK_MODES.join(', ')}, got '${mode}'`);
  const timelines = (values.timelines ?? 'first') as 'first' | 'all' | 'none';
  if (!['first', 'all', 'none'].includes(timelines)) throw new UsageError(`--timelines expects first, all or none, got '${values.timelines}'`);
  const seed = integerOption('seed', values.seed, defaultSeed(), ...CHECK_OPTION_RANGES.seed);
  const runs = integerOption('runs', values.runs, DEFAULT_CHECK_OPTIONS.runs, ...CHECK_OPTION_RANGES.runs);
  const maxLatency = integerOption('max-latency', values['max-latency'], DEFAULT_CHECK_OPTIONS.maxLatency, ...CHECK_OPTION_RANGES.maxLatency);
  const maxStates = integerOption('max-states', values['max-states'], DEFAULT_CHECK_OPTIONS.maxStates, ...CHECK_OPTION_RANGES.maxStates);
  const scoreboardMax = scoreboardMaxOption(values['scoreboard-bits']);

  if (files.length === 0) return emptyShard();
  const loaded = loadAnyPrograms(files, io);
  if (loaded === null) return 2;
  if (values.replay !== undefined) {
    if (loaded.length !== 1) throw new UsageError('--replay needs exactly one program file');
    const only = loaded[0]!;
    return only.machine === 'lrc' ? lrcReplayCommand(only.parsed, values.replay, io) : replayCommand(only.parsed, values.replay, scoreboardMax, io);
  }

  if (values.minimize !== undefined && loaded.length !== 1) throw new UsageError('--minimize needs exactly one program file');

  const progress = progressLine(io);
  const onProgress = (file: string) => ({ phase, done, total }: { phase: 'exhaustive' | 'random'; done: number; total: number | null }) =>
    progress.update(`${file}: ${phase} ${done}${total === null ? '' : `/${total}`}${phase === 'exhaustive' ? ' states' : ' schedules'}`);
  const outcomes = loaded.map((program): FileOutcome => {
    const expectation = values.expect ? readExpectation(readInputFile(program.parsed.file, 'program')) : null;
    // One budget per file: its search, and its minimization when asked.
    const { shouldStop } = fileBudget(timeoutMs);
    const checked = checkLoaded(program, { settings: { mode, seed, runs, maxLatency, maxStates, scoreboardMax }, shouldStop, onProgress: onProgress(program.parsed.file), expectation });
    progress.done();
    const common = { file: program.parsed.file, verdict: checked.check.result.verdict, met: checked.met, hasExpectation: expectation !== null, json: checked.report };
    if (checked.machine === 'lrc') {
      const text = () => withUnlisted(renderLrcCheckText(checked.shown, timelines), checked.unlisted);
      return { ...common, text, html: (id: string) => lrcCheckSection(checked.shown, id, readSourceText(program.parsed.file), text()),
        minimize: (output: string) => lrcMinimizeCommand(checked.check, output, io, shouldStop) };
    }
    const text = () => withUnlisted(renderCheckText(checked.shown, timelines), checked.unlisted);
    return { ...common, text, html: (id: string) => scoreboardCheckSection(checked.shown, id, readSourceText(program.parsed.file), text()),
      minimize: (output: string) => minimizeCommand(checked.check.parsed, checked.check.result, { output, seed, maxLatency, scoreboardMax, shouldStop }, io) };
  });

  if (values.minimize !== undefined) {
    return outcomes[0]!.minimize(values.minimize);
  }
  const failed = outcomes.filter((outcome) => outcome.met !== true);
  const exitCode = values.expect ? (failed.length > 0 ? 1 : 0) : combinedExitCode(outcomes.map((outcome) => outcome.verdict));
  if (format === 'sarif') {
    io.stdout(`${JSON.stringify(checkSarifLog(outcomes.map((outcome) => outcome.json()), args), null, 2)}\n`);
  } else if (format === 'json') {
    printJsonResults(io, outcomes.map((outcome) => outcome.json()), sharding, exitCode);
  } else {
    io.stdout(`${outcomes.map((outcome) => outcome.text()).join('\n\n')}\n`);
  }
  if (htmlRequest !== null) {
    writeHtmlReport(htmlRequest.path, {
      title: 'hazardproof check', command: htmlRequest.command,
      facts: [
        { label: 'seed', value: `${seed} (random schedule i of a file uses seed ${seed} + i)`, code: false },
        { label: 'same run', value: values.seed === undefined ? `${htmlRequest.command} --seed ${seed}` : htmlRequest.command, code: true },
        { label: 'one hazard again', value: 'each hazard below has its own replay command', code: false },
      ],
      sections: outcomes.map((outcome, index) => outcome.html(`f${index + 1}`)),
      summary: [],
    });
  }
  if (values.expect && format === 'text') {
    io.stdout(`\n${outcomes.length - failed.length}/${outcomes.length} files got their expected verdict`);
    io.stdout(failed.length > 0 ? `; not as expected: ${failed.map((o) => `${o.file}${o.hasExpectation ? '' : ' (no # expect: comment)'}`).join(', ')}\n` : '\n');
  }
  return exitCode;
}


/** A file's text report, with a last line counting what it does not list. */
function withUnlisted(text: string, unlisted: number): string {
  return unlisted === 0 ? text : `${text}\n\n  ... and ${unlisted} more distinct finding(s), not listed (the first ${MAX_LISTED_FINDINGS} are)`;
}

/** One checked file, whatever its machine: its verdict, its expectation, and its reports. */
interface FileOutcome {
  readonly file: string;
  readonly verdict: Verdict;
  readonly met: boolean | null;
  readonly hasExpectation: boolean;
  readonly text: () => string;
  readonly json: () => CheckReport;
  /** The file's section of the `--html` report; `id` prefixes its anchors. */
  readonly html: (id: string) => HtmlSection;
  /** `--minimize OUT`: shrinks the program to its first finding and writes it; returns the exit code. */
  readonly minimize: (output: string) => number;
}

/** Runs one given schedule and shows its timeline and hazards. */
function replayCommand(parsed: ParsedProgram, text: string, scoreboardMax: number, io: CliIo): number {
  checkReplayLength(text);
  const schedule = parseSchedule(text);
  if (typeof schedule === 'string') throw new UsageError(`--replay: ${schedule}`);
  let trace;
  try {
    trace = replay(parsed.program, schedule, scoreboardMax);
  } catch (error) {
    throw new UsageError(`--replay: the machine does not allow this schedule: ${(error as Error).message}`);
  }
  const lines = [`${parsed.file}: replaying ${schedule.length} actions (${trace.finished ? 'a complete run' : 'a partial run'})`, ''];
  lines.push(renderTimeline(parsed, trace, trace.hazards[0]), '');
  if (trace.hazards.length === 0) lines.push('no hazard in this schedule');
  for (const hazard of trace.hazards) lines.push(describeHazard(parsed, hazard, trace));
  io.stdout(`${lines.join('\n')}\n`);
  return trace.hazards.length > 0 ? 1 : 0;
}
