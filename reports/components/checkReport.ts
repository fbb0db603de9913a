/**
 * Reports of `hazardproof check` on the component machine, one piece of code for `.comp`
 * programs and ir3 shaders: the text report (verdict, reason, each hazard with a timeline of its
 * shortest schedule and a replay command), the `--json` object and the `# expect:` comparison.
 */
import type { Verdict } from '../../explore/verdict.js';
import type { Expectation } from '../../format/hp/expectation.js';
import { formatComponentSchedule } from '../../format/components/schedule.js';
import type { ComponentCheckResult } from '../../impl/components/check.js';
import { replayComponentSchedule, type ComponentTrace } from '../../impl/components/replay.js';
import type { ComponentAction } from '../../spec/components/machine.js';
import type { ComponentProgram } from '../../spec/components/program.js';
import { componentFindingKey, type ComponentFinding } from '../../spec/components/system.js';
import { describeComponentFinding } from './describe.js';
import { renderComponentTimeline } from './timeline.js';

/** One program the component machine checks: a `.comp` file, or one shader of an ir3 listing. */
export interface ComponentUnit {
  readonly file: string;
  /** ir3: the shader's number in its listing (`--kernel N` selects it); null for a `.comp` program. */
  readonly shader: number | null;
  /** Arguments that select this unit again on the command line after the file (`--kernel 2`), or ''. */
  readonly selector: string;
  readonly program: ComponentProgram;
  /** Why the model cannot follow the whole unit (then no proof), or null. */
  readonly blocked: string | null;
  /** Instructions as written. */
  readonly instructions: number;
}

/** A checked unit with what its file said to expect. */
export interface ComponentUnitCheck {
  readonly unit: ComponentUnit;
  readonly result: ComponentCheckResult;
  readonly expectation: Expectation | null;
}

/** A hazard replayed through the spec machine, ready to print. */
export interface ExplainedComponentHazard {
  readonly finding: ComponentFinding;
  readonly schedule: readonly ComponentAction[];
  readonly trace: ComponentTrace;
  readonly description: string;
  readonly replayCommand: string;
}

/** Hazards the text report shows in full per unit (`--json` lists all). */
const SHOWN = 5;

/** `file` for a `.comp` program, `file: shader N (M instructions)` for an ir3 shader. */
export function componentUnitTitle(unit: ComponentUnit): string {
  return unit.shader === null ? unit.file : `${unit.file}: shader ${unit.shader} (${unit.instructions} instructions)`;
}

/** A schedule as a shell word: double quotes, or single quotes when it holds JSON. */
function quoted(text: string): string {
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}

/** The command that replays a schedule on a unit. */
export function componentReplayCommand(unit: ComponentUnit, schedule: readonly ComponentAction[]): string {
  return `hazardproof check ${unit.file}${unit.selector} --replay ${quoted(formatComponentSchedule(schedule))}`;
}

/** Replays a hazard's schedule on the spec machine (every report shows a run the model allows) and describes it. */
export function explainComponentHazard(unit: ComponentUnit, found: { readonly finding: ComponentFinding; readonly schedule: readonly ComponentAction[] }): ExplainedComponentHazard {
  const key = componentFindingKey;
  const trace = replayComponentSchedule(unit.program, found.schedule);
  if (typeof trace === 'string') throw new Error(`internal error: the schedule of ${key(found.finding)} is not a run of the machine: ${trace}`);
  const finding = trace.findings.find((f) => key(f) === key(found.finding));
  if (!finding) throw new Error(`internal error: the schedule of ${key(found.finding)} does not reproduce it`);
  return {
    finding, schedule: found.schedule, trace,
    description: describeComponentFinding(unit.program, finding, trace),
    replayCommand: componentReplayCommand(unit, found.schedule),
  };
}

/** Whether a finding is on `name`: a component (`r18.z`) or a whole register (`r18`). */
export function findingIsOn(finding: ComponentFinding, name: string): boolean {
  return finding.component === name || finding.component.startsWith(`${name}.`);
}

/** Whether a unit's result is what its file's `# expect: VERDICT [KIND [COMPONENT]]` says; null when it says nothing. */
export function meetsComponentExpectation(check: ComponentUnitCheck): boolean | null {
  const { result, expectation } = check;
  if (!expectation) return null;
  if (result.verdict !== expectation.verdict) return false;
  if (expectation.kind === null) return true;
  return result.hazards.some(({ finding }) => finding.kind === expectation.kind && (expectation.register === null || findingIsOn(finding, expectation.register)));
}

/** Text report of one unit; `timelines` says which hazards get a timeline. */
export function renderComponentCheckText(check: ComponentUnitCheck, timelines: 'first' | 'all' | 'none' = 'first'): string {
  const { unit, result, expectation } = check;
  const lines = [`${componentUnitTitle(unit)}: ${result.verdict}`, `  ${result.reason}`];
  result.hazards.slice(0, SHOWN).forEach((found, index) => {
    const explained = explainComponentHazard(unit, found);
    lines.push('', `  ${explained.description}`);
    if (timelines === 'all' || (timelines === 'first' && index === 0)) {
      lines.push('', renderComponentTimeline(unit.program, explained.trace, [explained.finding]).split('\n').map((line) => `    ${line}`).join('\n'), '');
    }
    lines.push(`  replay: ${explained.replayCommand}`);
  });
  if (result.hazards.length > SHOWN) lines.push('', `  ... and ${result.hazards.length - SHOWN} more hazard(s) (--json lists them all)`);
  const met = meetsComponentExpectation(check);
  if (expectation && met !== null) {
    const wanted = [expectation.verdict, expectation.kind, expectation.register].filter(Boolean).join(' ');
    lines.push(`  expected (line ${expectation.line}): ${wanted}: ${met ? 'as expected' : 'MISMATCH'}`);
  }
  return lines.join('\n');
}

/** One side of a component hazard in `--json`: the instruction's position, its execution, and where it is written. */
export type ComponentInstructionReport = {
  /** 0-based position in the program. */
  readonly instruction: number;
  /** Which repetition of the instruction (0 for the first). */
  readonly execution: number;
  readonly line: number | null;
  readonly text: string | null;
};

/** A hazard of a unit in `--json`: the machine's finding, its two sides, and the schedule that shows it. */
export type ComponentHazardReport = {
  /** The machine's own finding (instructions as 0-based positions). */
  readonly finding: ComponentFinding;
  readonly producer: ComponentInstructionReport;
  readonly consumer: ComponentInstructionReport;
  readonly description: string;
  /** A shortest schedule showing it, as action objects (`--replay` takes them back as JSON). */
  readonly schedule: readonly ComponentAction[];
  /** The command that replays it, the schedule as action codes. */
  readonly replay: string;
};

/** What the file's `# expect:` line says, and whether the unit meets it. */
export type ComponentExpectationReport = {
  readonly verdict: Verdict;
  readonly kind: string | null;
  readonly register: string | null;
  readonly met: boolean | null;
};

/**
 * The report of one `.comp` program or ir3 shader: the object `hazardproof check FILE --json`
 * prints for it (an array of them for several units).
 */
export type ComponentCheckReport = {
  readonly file: string;
  /** The shader's number in its ir3 listing; null for a `.comp` program. */
  readonly shader: number | null;
  readonly machine: 'components';
  /** Instructions as written. */
  readonly instructions: number;
  readonly verdict: Verdict;
  readonly reason: string;
  readonly statesExplored: number;
  readonly hazards: readonly ComponentHazardReport[];
  /** The file's expectation when the check was asked to compare (`--expect`), else null. */
  readonly expected: ComponentExpectationReport | null;
};

/** An instruction of a finding in `--json`: position, execution, and where it is written. */
function instructionJson(program: ComponentProgram, at: { readonly instruction: number; readonly execution: number }): ComponentInstructionReport {
  const instruction = program.instructions[at.instruction];
  return { instruction: at.instruction, execution: at.execution, line: instruction?.line ?? null, text: instruction?.text ?? null };
}

/**
 * The `--json` object of one unit:
 * `{ file, shader, machine: 'components', instructions, verdict, reason, statesExplored,
 *    hazards: [{ finding: { kind, component, producer, consumer, cycle }, producer, consumer,
 *               description, schedule, replay }], expected }`.
 * `finding` is the machine's own (instructions as 0-based positions); `producer`/`consumer`
 * add each side's line and text; `schedule` is the list of action objects, which
 * `--replay` takes back as JSON; `replay` is the command with the same schedule as codes.
 * `expected`: `{ verdict, kind, register, met }` from the file's `# expect:` line, or null.
 */
export function componentCheckJson(check: ComponentUnitCheck): ComponentCheckReport {
  const { unit, result, expectation } = check;
  return {
    file: unit.file,
    shader: unit.shader,
    machine: 'components',
    instructions: unit.instructions,
    verdict: result.verdict,
    reason: result.reason,
    statesExplored: result.states,
    hazards: result.hazards.map((found) => {
      const explained = explainComponentHazard(unit, found);
      return {
        finding: explained.finding,
        producer: instructionJson(unit.program, explained.finding.producer),
        consumer: instructionJson(unit.program, explained.finding.consumer),
        description: explained.description,
        schedule: explained.schedule,
        replay: explained.replayCommand,
      };
    }),
    expected: expectation ? { verdict: expectation.verdict, kind: expectation.kind, register: expectation.register, met: meetsComponentExpectation(check) } : null,
  };
}
