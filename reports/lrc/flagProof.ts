import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import { printLrcInstruction } from '../../format/lrc/print.js';
import { replayPath } from '../../explore/run.js';
import { formatCodes } from '../../explore/scheduleText.js';
import type { FlagProof, FlagVerdict } from '../../impl/lrc/proveFlags.js';
import { lrcActionCode } from '../../spec/lrc/action.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { describeLrcFinding } from './describe.js';
import { renderLrcTimeline } from './timeline.js';

/**
 * The text of a flag proof: the whole program's verdict (with a timeline when a schedule has a
 * finding), then each flag with its verdict; a necessary flag is shown with what goes wrong
 * without it, as a timeline of the program with that one flag removed.
 */
export function renderFlagProof(parsed: ParsedLrcProgram, proof: FlagProof, elapsedMs: number): string {
  const { program } = parsed;
  const lines = [`${parsed.file}: ${proof.program.verdict}`];
  if (proof.program.verdict === 'proved-safe') {
    lines.push(`  the flags are sufficient: all ${proof.program.states} reachable states explored, no schedule has a hazard, a counter overflow or a deadlock`);
  } else if (proof.program.verdict === 'unknown') {
    lines.push(`  unknown: ${programUnknownReason(proof.program)}`);
  } else {
    const witness = proof.program.witnesses[0]!;
    const trace = replayPath(lrcSystem(program), witness.path);
    lines.push(`  the flags are not sufficient: ${describeLrcFinding(parsed, witness.finding, trace)}`, '',
      indent(renderLrcTimeline(parsed, trace, witness.finding)), '',
      `  replay: hazardproof check ${parsed.file} --replay "${formatCodes(witness.path.map(lrcActionCode))}"`);
  }
  for (const flag of proof.flags) {
    const name = `(${program.counters[flag.counter]!.name})`;
    const where = `#${flag.instruction} ${printLrcInstruction(program.instructions[flag.instruction]!, program)} (line ${parsed.lines[flag.instruction]})`;
    if (flag.verdict !== 'necessary') {
      const why = flag.verdict === 'unnecessary' ? `: without it all ${flag.states} reachable states are still free of findings` : `: ${flagUnknownReason(flag)}`;
      lines.push('', `  ${where}: ${name} ${flag.verdict}${why}`);
      continue;
    }
    const instructions = program.instructions.map((instruction, index) =>
      (index === flag.instruction ? { ...instruction, waitFor: instruction.waitFor.filter((c) => c !== flag.counter) } : instruction));
    const without: ParsedLrcProgram = { ...parsed, program: { ...program, instructions } };
    const trace = replayPath(lrcSystem(without.program), flag.witness!.path);
    lines.push('', `  ${where}: ${name} necessary: without it, ${describeLrcFinding(without, flag.witness!.finding, trace)}`, '',
      indent(renderLrcTimeline(without, trace, flag.witness!.finding)));
  }
  const counts = (['necessary', 'unnecessary', 'unknown'] as const).map((verdict) => `${proof.flags.filter((f) => f.verdict === verdict).length} ${verdict}`);
  const flagCount = program.instructions.reduce((sum, instruction) => sum + instruction.waitFor.length, 0);
  const judged = proof.program.verdict === 'proved-safe' ? `${flagCount} flag(s): ${counts.join(', ')}` : `${flagCount} flag(s), not judged one by one: the set is not proved sufficient`;
  lines.push('', `  ${judged}; exhaustive search, ${(elapsedMs / 1000).toFixed(2)} s`);
  return lines.join('\n');
}

/** Why the search of the whole program's flags ended without a verdict: the time budget, or the state budget. */
export function programUnknownReason(program: FlagProof['program']): string {
  return program.stoppedBy === null ? `the state budget ran out after ${program.states} states; raise --max-states` : `${program.stoppedBy} after ${program.states} states`;
}

/** Why the search without one flag ended without a verdict. */
export function flagUnknownReason(flag: FlagVerdict): string {
  return flag.stoppedBy ?? 'the state budget ran out';
}

function indent(text: string): string {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}
