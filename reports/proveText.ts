import { renderDepbarProof } from './depbarReport.js';
import { describeHazard } from './describeHazard.js';
import type { ProvedFile } from './proveReport.js';
import { renderTimeline } from './timeline.js';

/** The text report of `prove` on one scoreboard program: each DEPBAR's proof, then the whole program's verdict with any counterexample's timeline. */
export function renderProveText({ program, depbars, whole, elapsedMs }: ProvedFile): string {
  return [
    `${program.file}: ${depbars.length} DEPBAR(s)`,
    ...depbars.map((d) => renderDepbarProof(program, d).split('\n').map((line) => `  ${line}`).join('\n')),
    `  program: ${whole.verdict} (${whole.method}, ${whole.elapsedMs.toFixed(0)} ms): ${whole.reason}`,
    ...(whole.counterexample ? [
      `    ${describeHazard(program, whole.counterexample.hazard, whole.counterexample.trace)}`,
      renderTimeline(program, whole.counterexample.trace, whole.counterexample.hazard).split('\n').map((line) => `      ${line}`).join('\n'),
    ] : []),
    `  ${(elapsedMs / 1000).toFixed(2)} s`,
  ].join('\n');
}
