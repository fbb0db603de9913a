/**
 * The playground's check, without a page: one text in, the verdict and the HTML report's sections
 * out. It goes through the library's front door (`load({ text, file })`, the one rule that tells
 * inputs apart) and then runs each kind's own check loop on the calling thread, the loops the
 * command line runs (`checkLoaded`, `checkListingKernels`, `checkComponentUnits`,
 * `streamoutOutcome`), because the HTML report's sections are built from what those loops return,
 * not from the JSON reports. Nothing here touches a file, a worker thread or Z3, so the same code
 * runs in a browser bundle and under vitest in Node.
 */
import { checkLoaded } from '../../api/checkLoaded.js';
import { checkSettings } from '../../api/checkOptions.js';
import { combinedVerdict } from '../../api/combinedVerdict.js';
import { checkComponentUnits } from '../../api/components/checkUnits.js';
import type { InputKind } from '../../api/inputKind.js';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { load } from '../../api/load.js';
import type { LoadedInput } from '../../api/loadedInput.js';
import { stopPredicate } from '../../api/stop.js';
import type { Verdict } from '../../explore/verdict.js';
import { streamoutOutcome } from '../../api/streamout/runHere.js';
import { streamoutRunSettings } from '../../api/streamout/runOptions.js';
import { InputError, type InputProblem } from '../../format/error.js';
import { parseListing as parseSassListing } from '../../format/sass/load.js';
import { DEFAULT_CHECK_OPTIONS } from '../../impl/check.js';
import { renderCheckText } from '../../reports/checkReport.js';
import { renderComponentCheckText } from '../../reports/components/checkReport.js';
import { componentCheckSection } from '../../reports/html/componentSection.js';
import { lrcCheckSection } from '../../reports/html/lrcSection.js';
import type { HtmlSection } from '../../reports/html/report.js';
import { sassKernelSection } from '../../reports/html/sassSection.js';
import { scoreboardCheckSection } from '../../reports/html/scoreboardSection.js';
import { streamRunSection } from '../../reports/html/streamRunSection.js';
import { renderLrcCheckText } from '../../reports/lrc/checkReport.js';
import { renderLayout } from '../../reports/streamLayout.js';
import { ARCHITECTURES } from '../../spec/sass/architectures/index.js';
import { expectedLayout } from '../../spec/streamout/layout.js';
import { streamContext } from '../../spec/streamout/step.js';

/** What the page asks to check. Everything here is also what the page's link carries. */
export interface PlaygroundRequest {
  /** The pasted or dropped text. */
  readonly text: string;
  /**
   * The name the input goes by: its extension tells the kind when the content cannot (`.comp`,
   * `.asm`, `.cuasm`...), as a file's does for `hazardproof check`, and reports and replay
   * commands name it.
   */
  readonly file: string;
  /**
   * An architecture (`sm_75`) for an NVIDIA listing that does not state its own; null for none.
   * A listing that states one is read with its own, as `load` reads it without `--arch`.
   */
  readonly architecture: string | null;
  /** The seed of random schedules and timings; null for the input's own (a scenario's `timingSeed`), else 1. */
  readonly seed: number | null;
  /** The whole check's time budget in milliseconds: past it, what is not decided is `unknown`. */
  readonly timeoutMs: number;
}

/** A checked input: its kind, one verdict for all its kernels or units, and the report's sections. */
export interface PlaygroundReport {
  readonly ok: true;
  readonly kind: InputKind;
  /** The verdict of the whole input, as `check(load(...))` combines its kernels' or units' verdicts. */
  readonly verdict: string;
  /** Why: the one section's reason, or the count of each verdict when there are several sections. */
  readonly reason: string;
  /** One HTML report section per program, kernel, unit or scenario (what `--html` draws). */
  readonly sections: readonly HtmlSection[];
  /** Lines of the input the findings point at (every section's highlighted source lines). */
  readonly highlightedLines: readonly number[];
  /** The command line that gives the same report from a file of this name and text. */
  readonly command: string;
  /** Which key to the charts the report shows. */
  readonly legend: 'machine' | 'stream';
  /** Facts about this run worth a line (the architecture taken from the picker...). */
  readonly notes: readonly string[];
}

/** An input that could not be read: every problem with its line and column, as the command prints them. */
export interface PlaygroundRefusal {
  readonly ok: false;
  /** `input` for a mistake in the text, `option` for an option no input can have, `internal` for a bug. */
  readonly cause: 'input' | 'option' | 'internal';
  readonly problems: readonly InputProblem[];
  /** The problems in the command's words (`file:line:col: message`), or the error's message. */
  readonly message: string;
}

/** What `checkText` answers. */
export type PlaygroundOutcome = PlaygroundReport | PlaygroundRefusal;

/** The architectures the picker offers: those with an opcode table. */
export const PLAYGROUND_ARCHITECTURES: readonly string[] = ARCHITECTURES.map((table) => table.name);

/** The page's default time budget: long enough for every bundled example, short enough not to look hung. */
export const DEFAULT_PLAYGROUND_TIMEOUT_MS = 20_000;

/** The seed when neither the page nor the input gives one, so that a link always repeats its run. */
const FALLBACK_SEED = 1;

/**
 * Checks one text as `hazardproof check` checks a file of that name (and a stream-output scenario
 * as `hazardproof streamout run` does), on the calling thread. Never throws: an input mistake, an
 * impossible option or an internal error comes back as a `PlaygroundRefusal`.
 */
export async function checkText(request: PlaygroundRequest): Promise<PlaygroundOutcome> {
  try {
    const { input, architecture } = loadText(request);
    const notes = architecture === null ? [] : [`the listing does not say which architecture it is for: read as ${architecture}, the picker's choice`];
    return await checkLoadedInput(input, request, architecture, notes);
  } catch (error) {
    return refusal(error);
  }
}

/**
 * `load({ text, file })`, with the picker's architecture given only to a listing that does not
 * state its own: the text's word wins, as it does on the command line without `--arch`. The text
 * is read as it is first; only when that fails, and the text names no architecture, is it read
 * again with the picker's, so that no other kind of input ever sees the picker. Returns the
 * architecture taken from the picker, or null when the text's own (or none) was used.
 */
function loadText(request: PlaygroundRequest): { input: LoadedInput; architecture: string | null } {
  const source = { text: request.text, file: request.file };
  const { architecture } = request;
  try {
    return { input: load(source), architecture: null };
  } catch (error) {
    if (!(error instanceof InputError) || architecture === null || statesArchitecture(request.text, request.file)) throw error;
    const input = load(source, { architecture });
    return { input, architecture: input.kind === 'listing' ? architecture : null };
  }
}

/**
 * Whether the text states an architecture the NVIDIA listing reader takes (`arch = sm_75`,
 * `code for sm_75`...). Text that does not parse as a listing counts as stating one: the error its
 * own reader gave stands.
 */
function statesArchitecture(text: string, file: string): boolean {
  try {
    return parseSassListing(text, file).architecture !== null;
  } catch {
    return true;
  }
}

/** Runs the loaded input's machine and builds its report sections. */
async function checkLoadedInput(input: LoadedInput, request: PlaygroundRequest, pickedArchitecture: string | null, notes: string[]): Promise<PlaygroundReport> {
  const source = request.text;
  const shouldStop = stopPredicate({ timeoutMs: request.timeoutMs });
  const id = (index: number) => `f${index + 1}`;
  const file = request.file;
  switch (input.kind) {
    case 'scoreboard':
    case 'lrc': {
      const seed = request.seed ?? FALLBACK_SEED;
      const settings = checkSettings({ seed });
      const program = input.machine === 'lrc' ? { machine: input.machine, parsed: input.parsed } : { machine: input.machine, parsed: input.parsed };
      const checked = checkLoaded(program, { settings, shouldStop });
      if (checked.unlisted > 0) notes.push(`${checked.unlisted} more finding(s) not listed (the first ${checked.machine === 'lrc' ? checked.shown.result.findings.length : checked.shown.result.hazards.length} are)`);
      const section = checked.machine === 'lrc'
        ? lrcCheckSection(checked.shown, id(0), source, renderLrcCheckText(checked.shown))
        : scoreboardCheckSection(checked.shown, id(0), source, renderCheckText(checked.shown));
      return report(input.kind, [section], `hazardproof check ${file} --seed ${seed}`, 'machine', notes);
    }
    case 'listing': {
      const checks = checkListingKernels(input.kernels, { shouldStopFor: () => shouldStop });
      const sections = checks.map((check, index) => sassKernelSection(check, id(index), source));
      return report('listing', sections, `hazardproof check ${file}${pickedArchitecture === null ? '' : ` --arch ${pickedArchitecture}`}`, 'machine', notes);
    }
    case 'components':
    case 'ir3': {
      const checks = checkComponentUnits(input.units, { maxStates: DEFAULT_CHECK_OPTIONS.maxStates, shouldStopFor: () => shouldStop });
      const sections = checks.map((check, index) => componentCheckSection(check, id(index), source, renderComponentCheckText(check)));
      return report(input.kind, sections, `hazardproof check ${file}`, 'machine', notes);
    }
    case 'streamout': {
      const seed = request.seed ?? input.timingSeed ?? FALLBACK_SEED;
      // One job: more would start worker threads, which a page has not got.
      const settings = streamoutRunSettings(input, { seed, jobs: 1, timeoutMs: request.timeoutMs });
      const context = streamContext(input.scenario);
      const outcome = await streamoutOutcome(input, settings, { shouldStop }, context);
      const command = `hazardproof streamout run ${file} --seed ${seed} --runs ${settings.runs}`;
      const replay = /replay: (hazardproof streamout run .+? --seed \d+ --runs 1)/.exec(outcome.reason)?.[1] ?? null;
      const layout = expectedLayout(input.scenario);
      const textReport = [`${file}: ${outcome.verdict}`, `  ${outcome.reason}`, ...renderLayout(input.scenario, layout).map((line) => `  ${line}`)];
      if (outcome.problems.length > 0) textReport.push('  problems:', ...outcome.problems.map((problem) => `    ${problem}`));
      if (outcome.stepsInWords.length > 0) textReport.push('  steps:', ...outcome.stepsInWords.map((step) => `   ${step}`));
      const section = streamRunSection({
        file, context, verdict: outcome.verdict, reason: outcome.reason, problems: outcome.problems, steps: outcome.steps,
        layout, replayCommand: outcome.verdict === 'violation' ? replay : null,
        lines: [`timing seeds ${seed}..${seed + settings.runs - 1}`, `same run: ${command}`],
        textReport: textReport.join('\n'), source,
      }, id(0));
      return report('streamout', [section], command, 'stream', notes);
    }
  }
}

/** The report of a checked input: one verdict for all its sections, the lines its findings point at. */
function report(kind: InputKind, sections: readonly HtmlSection[], command: string, legend: 'machine' | 'stream', notes: readonly string[]): PlaygroundReport {
  const verdicts = sections.map((section) => section.verdict);
  // Scenarios have verdicts of their own (`violation`...); programs, kernels and units combine as `check` combines them.
  const verdict = kind === 'streamout' ? verdicts[0]! : combinedVerdict(verdicts as Verdict[]);
  const reason = sections.length === 1 ? sections[0]!.reason : countVerdicts(sections, kind);
  // A section's source listing is anchored `<id>-L<line>`; other listings (a scenario's steps) are not lines of the input.
  const highlighted = sections.flatMap((section) => section.listings.filter((listing) => listing.anchorPrefix === `${section.id}-L`).flatMap((listing) => listing.highlighted));
  return { ok: true, kind, verdict, reason, sections, highlightedLines: [...new Set(highlighted)].sort((a, b) => a - b), command, legend, notes };
}

/** `3 kernels: 1 hazard, 2 proved-safe`. */
function countVerdicts(sections: readonly HtmlSection[], kind: InputKind): string {
  const counts = new Map<string, number>();
  for (const section of sections) counts.set(section.verdict, (counts.get(section.verdict) ?? 0) + 1);
  const noun = kind === 'listing' ? 'kernel' : kind === 'ir3' ? 'shader' : 'unit';
  return `${sections.length} ${noun}s: ${[...counts].map(([verdict, count]) => `${count} ${verdict}`).join(', ')}`;
}

/** What a thrown error says, as the page shows it. */
function refusal(error: unknown): PlaygroundRefusal {
  if (error instanceof InputError) return { ok: false, cause: 'input', problems: error.problems, message: error.message };
  // The library throws a RangeError for an option no input can have (a malformed architecture...).
  if (error instanceof RangeError && !/call stack/i.test(error.message)) return { ok: false, cause: 'option', problems: [], message: error.message };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { ok: false, cause: 'internal', problems: [], message: `internal error (a bug: please report it with the link to this page): ${message}` };
}
