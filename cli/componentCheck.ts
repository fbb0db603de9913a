import { readFileSync } from 'node:fs';
import { combinedExitCode } from '../explore/verdict.js';
import { parseComponentProgram } from '../format/components/parse.js';
import { printComponentProgram } from '../format/components/print.js';
import { parseComponentSchedule } from '../format/components/schedule.js';
import { readExpectation } from '../format/hp/expectation.js';
import { checkComponentProgram } from '../impl/components/check.js';
import { componentTargetOf, matchesComponentTarget, minimizeComponentProgram } from '../impl/components/minimize.js';
import { replayComponentSchedule } from '../impl/components/replay.js';
import {
  componentCheckJson, componentUnitTitle, meetsComponentExpectation, renderComponentCheckText,
  type ComponentUnit, type ComponentUnitCheck,
} from '../reports/components/checkReport.js';
import { describeComponentFinding } from '../reports/components/describe.js';
import { renderComponentTimeline } from '../reports/components/timeline.js';
import { componentFindingKey } from '../spec/components/system.js';
import { checkReplayLength, fileBudget, progressLine, readInput, UsageError, writeFileAtomic, type CliIo } from './io.js';
import { budgetSpentBeforeWriting } from './minimize.js';
import { checkSarifLog } from '../reports/sarif/checkSarifLog.js';
import type { StopPredicate, TimeBudget } from '../impl/budget.js';
import { loadComponentProgram } from '../api/components/load.js';
import { selectShaders } from '../api/components/selectShaders.js';
import { checkComponentUnits } from '../api/components/checkUnits.js';
import { readSourceText, writeHtmlReport, type HtmlRequest } from './html.js';
import { componentCheckSection } from '../reports/html/componentSection.js';
import { printJsonResults, type FileShard } from './fileSharding.js';

// The file-name rule lives beside `isIr3File`, where the library's `load` and `check` both read it.
export { isComponentFile } from '../api/components/notation.js';

/** What `check` was asked to do with `.comp` programs and ir3 listings. */
export interface ComponentCheckRequest {
  /** `--from ir3`: read every file as an ir3 listing, whatever its extension. */
  readonly ir3: boolean;
  readonly json: boolean;
  /** `--format sarif`: print one SARIF log instead of text or JSON. */
  readonly sarif: boolean;
  /** The command's arguments, recorded in the SARIF log's invocation. */
  readonly arguments: readonly string[];
  /** `--html FILE`: also write the HTML report there; null (or absent) for none. */
  readonly html?: HtmlRequest | null;
  readonly expect: boolean;
  /** `--replay SCHEDULE`: action codes or a JSON array of actions. */
  readonly replay: string | null;
  /** `--minimize OUT.comp`. */
  readonly minimize: string | null;
  readonly timelines: 'first' | 'all' | 'none';
  /** `--kernel N`: ir3 shaders to check, by number. */
  readonly kernels: readonly string[];
  readonly maxStates: number;
  /** `--timeout MS`: the budget of each file (its shaders share it), or null. */
  readonly timeoutMs: number | null;
  /** `--shard I/N`: the shard these files are, whose JSON report `hazardproof merge` reads; null (or absent) without it. */
  readonly shard?: FileShard | null;
}

/** The units of one file: the `.comp` program, or each shader of an ir3 listing (every file with `--from ir3`). Throws `InputError` on a mistake. */
function unitsOf(file: string, ir3: boolean): ComponentUnit[] {
  return [...loadComponentProgram(file, ir3 ? { from: 'ir3' } : {}).units];
}

/**
 * `hazardproof check` on the component machine (seed 004): `.comp` programs and ir3 listings.
 * Each unit gets a verdict from exhaustive exploration; `--replay`, `--minimize`, `--json` and
 * `--expect` work as for the other machines. Returns the exit code.
 */
export function checkComponentFiles(files: readonly string[], request: ComponentCheckRequest, io: CliIo): number {
  const loaded = files.map((file) => readInput(io, () => unitsOf(file, request.ir3)));
  if (loaded.some((units) => units === null)) return 2;
  const units = selectUnits((loaded as ComponentUnit[][]).flat(), request.kernels);
  if (request.replay !== null) return replayUnit(units, request.replay, io);
  if (request.minimize !== null && files.length !== 1) throw new UsageError('--minimize needs exactly one program file');
  const expectations = new Map(files.map((file) => [file, request.expect ? readExpectation(readFileSync(file, 'utf8')) : null]));
  const progress = progressLine(io);
  const budgets = new Map<string, TimeBudget>();
  const budgetOf = (file: string): TimeBudget => {
    if (!budgets.has(file)) budgets.set(file, fileBudget(request.timeoutMs));
    return budgets.get(file)!;
  };
  const checks = checkComponentUnits(units, {
    maxStates: request.maxStates,
    shouldStopFor: (file) => budgetOf(file).shouldStop,
    // The line names the unit as it starts; the states counted during its search do not change it.
    onProgress: ({ done, states }) => { if (states === 0) progress.update(`${componentUnitTitle(units[done]!)}: exhaustive`); },
    expectationFor: (file) => expectations.get(file) ?? null,
  });
  progress.done();
  if (request.minimize !== null) return minimizeUnit(checks, request.minimize, request.maxStates, io, budgetOf(files[0]!).shouldStop);
  // A file meets its expectation when it has one and every unit of it meets it.
  const failed = request.expect ? files.filter((file) => expectations.get(file) === null || checks.some((check) => check.unit.file === file && meetsComponentExpectation(check) !== true)) : [];
  const exitCode = request.expect ? (failed.length > 0 ? 1 : 0) : combinedExitCode(checks.map((check) => check.result.verdict));
  if (request.sarif) {
    io.stdout(`${JSON.stringify(checkSarifLog(checks.map(componentCheckJson), request.arguments), null, 2)}\n`);
  } else if (request.json) {
    printJsonResults(io, checks.map(componentCheckJson), request.shard ?? null, exitCode);
  } else {
    io.stdout(`${checks.map((check) => renderComponentCheckText(check, request.timelines)).join('\n\n')}\n`);
  }
  if (request.html) {
    writeHtmlReport(request.html.path, {
      title: 'hazardproof check', command: request.html.command,
      facts: [{ label: 'one hazard again', value: 'every schedule is explored, so the same command gives the same report; each hazard below has its own replay command', code: false }],
      sections: checks.map((check, index) => componentCheckSection(check, `f${index + 1}`, readSourceText(check.unit.file), renderComponentCheckText(check, request.timelines))),
      summary: [],
    });
  }
  if (request.expect && !request.json && !request.sarif) {
    io.stdout(`\n${files.length - failed.length}/${files.length} files got their expected verdict`);
    io.stdout(failed.length > 0 ? `; not as expected: ${failed.map((file) => `${file}${expectations.get(file) === null ? ' (no # expect: comment)' : ''}`).join(', ')}\n` : '\n');
  }
  return exitCode;
}


/** `--kernel N`: the ir3 shaders numbered N (a usage error for unknown numbers or `.comp` programs). */
function selectUnits(units: readonly ComponentUnit[], kernels: readonly string[]): ComponentUnit[] {
  try {
    return selectShaders(units, kernels, '--kernel');
  } catch (error) {
    // The library's RangeError is a mistake in how the command was called here.
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

/** `--replay SCHEDULE` on one unit: runs it through the spec machine and shows the timeline and what it finds. */
function replayUnit(units: readonly ComponentUnit[], text: string, io: CliIo): number {
  checkReplayLength(text);
  if (units.length !== 1) throw new UsageError(`--replay needs exactly one program (choose an ir3 shader with --kernel N); got ${units.length}`);
  const unit = units[0]!;
  const schedule = parseComponentSchedule(text);
  if (typeof schedule === 'string') throw new UsageError(`--replay: ${schedule}`);
  const trace = replayComponentSchedule(unit.program, schedule);
  if (typeof trace === 'string') throw new UsageError(`--replay: the machine does not allow this schedule: ${trace}`);
  const key = componentFindingKey;
  const findings = trace.findings.filter((finding, index) => trace.findings.findIndex((other) => key(other) === key(finding)) === index);
  const lines = [`${componentUnitTitle(unit)}: replaying ${schedule.length} actions (${trace.finished ? 'a complete run' : 'a partial run'})`, ''];
  lines.push(renderComponentTimeline(unit.program, trace, findings), '');
  if (findings.length === 0) lines.push('no hazard in this schedule');
  for (const finding of findings) lines.push(describeComponentFinding(unit.program, finding, trace));
  io.stdout(`${lines.join('\n')}\n`);
  return findings.length > 0 ? 1 : 0;
}

/**
 * `--minimize OUT.comp`: shrinks the (one) hazardous unit to a smallest program that still shows
 * its first hazard's kind on the same component, writes it in `.comp` notation with its own
 * `# expect:` line once a fresh check of the written text confirms it, and prints it with its
 * report. Returns the exit code (1: a hazard was minimized).
 */
function minimizeUnit(checks: readonly ComponentUnitCheck[], output: string, maxStates: number, io: CliIo, shouldStop: StopPredicate): number {
  const hazardous = checks.filter((check) => check.result.hazards.length > 0);
  if (hazardous.length === 0) {
    io.stdout(`--minimize: ${checks.map((check) => componentUnitTitle(check.unit)).join(', ')} has no hazard to minimize (${checks.map((check) => check.result.verdict).join(', ')}); nothing written\n`);
    return combinedExitCode(checks.map((check) => check.result.verdict));
  }
  if (hazardous.length > 1) throw new UsageError(`--minimize: ${hazardous.length} shaders have hazards; choose one with --kernel N (${hazardous.map((check) => check.unit.shader).join(', ')})`);
  const { unit, result } = hazardous[0]!;
  const target = componentTargetOf(result.hazards[0]!.finding);
  const minimized = minimizeComponentProgram(unit.program, target, Math.min(maxStates, 50_000), shouldStop);
  const header = [
    `# minimized by hazardproof check --minimize from ${componentUnitTitle(unit)}: ${minimized.instructionsBefore} -> ${minimized.instructionsAfter} instructions`,
    `# expect: hazard ${target.kind} ${target.component}`,
  ];
  const text = printComponentProgram(minimized.program, header);
  const reparsed = parseComponentProgram(text, output);
  const recheck = checkComponentProgram(reparsed.program, null, maxStates, shouldStop);
  if (!recheck.hazards.some(({ finding }) => matchesComponentTarget(finding, target))) {
    if (recheck.verdict === 'unknown') return budgetSpentBeforeWriting(unit.file, target, recheck.reason, io);
    throw new Error(`the minimized program does not reproduce ${target.kind} on ${target.component} when checked again (${recheck.verdict})`);
  }
  writeFileAtomic(output, text);
  const check: ComponentUnitCheck = {
    unit: { file: output, shader: null, selector: '', program: reparsed.program, blocked: null, instructions: reparsed.program.instructions.length },
    result: recheck,
    expectation: readExpectation(text),
  };
  io.stdout([
    `minimized ${target.kind} on ${target.component}: ${minimized.instructionsBefore} -> ${minimized.instructionsAfter} instructions ` +
      `(${minimized.evaluations} candidate programs, ${(minimized.elapsedMs / 1000).toFixed(2)} s), written to ${output}` +
      `${minimized.stoppedBy === null ? '' : `; stopped early (${minimized.stoppedBy}), so it may not be minimal`}:`,
    '',
    text.trimEnd().split('\n').map((line) => `    ${line}`).join('\n'),
    '',
    renderComponentCheckText(check, 'first'),
    '',
  ].join('\n'));
  return 1;
}
