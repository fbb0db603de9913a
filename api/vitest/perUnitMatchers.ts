/**
 * `toBeHazardFree` and `toHaveHazard` on what is checked unit by unit: the kernels of an NVIDIA
 * listing (`loadListing`) and the units of a program of the component machine
 * (`loadComponentProgram`: a `.comp` program, or each shader of an ir3 listing).
 */
import type { Verdict } from '../../explore/verdict.js';
import { componentUnitTitle, findingIsOn, renderComponentCheckText } from '../../reports/components/checkReport.js';
import { renderKernelCheck } from '../../reports/sass/checkText.js';
import { checkComponentUnits } from '../components/checkUnits.js';
import type { LoadedComponentProgram } from '../components/program.js';
import { checkSettings, type CheckOptions } from '../checkOptions.js';
import { checkListingKernels } from '../listing/checkKernels.js';
import type { LoadedListing } from '../listing/listing.js';
import { stopPredicate } from '../stop.js';
import type { ExpectedHazard, HazardFreeOptions, MatcherOutcome } from './matchers.js';
import { expectedHazardText, isExpectedHazard, judgedHazardFree } from './hazardJudgement.js';

/** A hazard as the matchers compare it. */
interface UnitHazard {
  readonly kind: string;
  /** Whether it is on this register (a component machine's finding on `r1.x` is on `r1` too). */
  readonly isOn: (register: string) => boolean;
  /** `RAW on R5`, for the failure message. */
  readonly label: string;
}

/** One checked kernel or unit: its verdict, its hazards, and its text report (what `hazardproof check` prints). */
interface CheckedUnit {
  readonly verdict: Verdict;
  readonly hazards: readonly UnitHazard[];
  readonly text: string;
}

/** The checked units of a listing or component program (null for anything else: the caller's matchers take it). */
function checkedUnits(received: unknown, options: CheckOptions): { readonly file: string; readonly units: readonly CheckedUnit[] } | null {
  const machine = typeof received === 'object' && received !== null ? (received as { readonly machine?: unknown }).machine : undefined;
  if (machine !== 'sass' && machine !== 'components') return null;
  // The options are the other matchers' (`maxStates`, the budget, the signal), checked the same way.
  const { maxStates } = checkSettings(options);
  const shouldStop = stopPredicate(options);
  if (machine === 'sass') {
    const listing = received as LoadedListing;
    const checks = checkListingKernels(listing.kernels, { shouldStopFor: () => shouldStop });
    return {
      file: listing.file,
      units: checks.map((check) => ({
        verdict: check.result.verdict,
        text: renderKernelCheck(check),
        hazards: check.result.hazards.map(({ hazard }) => hazard.kind === 'overflow'
          ? { kind: hazard.kind, isOn: () => false, label: `overflow of SB${hazard.scoreboard}` }
          : { kind: hazard.kind, isOn: (register: string) => hazard.register === register, label: `${hazard.kind} on ${hazard.register}` }),
      })),
    };
  }
  const program = received as LoadedComponentProgram;
  const checks = checkComponentUnits(program.units, { maxStates, shouldStopFor: () => shouldStop });
  return {
    file: program.file,
    units: checks.map((check) => ({
      verdict: check.result.verdict,
      text: renderComponentCheckText(check),
      hazards: check.result.hazards.map(({ finding }) => ({ kind: finding.kind, isOn: (register: string) => findingIsOn(finding, register), label: `${finding.kind} on ${finding.component} (${componentUnitTitle(check.unit)})` })),
    })),
  };
}

/** `toBeHazardFree` on a listing or component program: every kernel or unit without a hazard; null for other inputs. */
export function unitsHazardFree(received: unknown, options: HazardFreeOptions): MatcherOutcome | null {
  const checked = checkedUnits(received, options);
  if (checked === null) return null;
  const { file, units } = checked;
  const pass = units.every(({ verdict }) => judgedHazardFree(verdict, options));
  const texts = units.map((unit) => unit.text).join('\n\n');
  return {
    pass,
    message: () => pass ? `expected ${file} to have a hazard, but:\n\n${texts}` : `expected ${file} to be hazard-free${options.requireProof ? ' (proved)' : ''}, but:\n\n${texts}`,
  };
}

/** `toHaveHazard` on a listing or component program: a hazard of this kind on this register in any kernel or unit; null for other inputs. */
export function unitsHaveHazard(received: unknown, expected: ExpectedHazard, options: CheckOptions): MatcherOutcome | null {
  const checked = checkedUnits(received, options);
  if (checked === null) return null;
  const { file, units } = checked;
  const hazards = units.flatMap((unit) => unit.hazards);
  const match = hazards.find((hazard) => isExpectedHazard(hazard, expected));
  const wanted = expectedHazardText(expected);
  const texts = units.map((unit) => unit.text).join('\n\n');
  return {
    pass: match !== undefined,
    message: () => match !== undefined
      ? `expected ${file} not to have ${wanted}, but:\n\n${texts}`
      : `expected ${file} to have ${wanted}; the check found ${hazards.length === 0 ? 'none' : hazards.map((hazard) => hazard.label).join(', ')}:\n\n${texts}`,
  };
}
