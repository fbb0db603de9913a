import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import { replayPath } from '../../explore/run.js';
import { formatCodes } from '../../explore/scheduleText.js';
import type { FlagProof } from '../../impl/lrc/proveFlags.js';
import { lrcActionCode } from '../../spec/lrc/action.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { lrcFindingJson } from './checkReport.js';
import { describeLrcFinding } from './describe.js';
import { flagUnknownReason, programUnknownReason } from './flagProof.js';

/**
 * The `prove --json` object of one LRC program: `{ file, program: { verdict, states, findings,
 * unknownReason }, flags: [{ instruction, line, counter, verdict, states, withoutIt, unknownReason }],
 * elapsedMs }`. Each finding of the whole program has the fields of `check --json` (kind,
 * instructions and lines, description, schedule, and the command that replays it); `withoutIt`
 * is what goes wrong when that one flag is dropped (kind and schedule), null for a flag that is
 * not necessary; `unknownReason` says why a search ended without a verdict (null otherwise).
 */
export function lrcFlagProofJson(parsed: ParsedLrcProgram, proof: FlagProof, elapsedMs: number) {
  return {
    file: parsed.file,
    program: {
      verdict: proof.program.verdict, states: proof.program.states,
      findings: proof.program.witnesses.map((witness) => {
        const trace = replayPath(lrcSystem(parsed.program), witness.path);
        const schedule = formatCodes(witness.path.map(lrcActionCode));
        return {
          ...lrcFindingJson(parsed, witness.finding, trace), description: describeLrcFinding(parsed, witness.finding, trace),
          schedule, replay: `hazardproof check ${parsed.file} --replay "${schedule}"`,
        };
      }),
      unknownReason: proof.program.verdict === 'unknown' ? programUnknownReason(proof.program) : null,
    },
    flags: proof.flags.map((flag) => ({
      instruction: flag.instruction, line: parsed.lines[flag.instruction], counter: parsed.program.counters[flag.counter]!.name, verdict: flag.verdict, states: flag.states,
      withoutIt: flag.witness === null ? null : { kind: flag.witness.finding.kind, schedule: formatCodes(flag.witness.path.map(lrcActionCode)) },
      unknownReason: flag.verdict === 'unknown' ? flagUnknownReason(flag) : null,
    })),
    elapsedMs: Math.round(elapsedMs),
  };
}

/** The `prove --json` object of one LRC program. */
export type LrcFlagProofJson = ReturnType<typeof lrcFlagProofJson>;
