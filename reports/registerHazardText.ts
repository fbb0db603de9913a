import type { RegisterHazard } from '../spec/oracle/hazard.js';

/** How a machine's report names things in a register-hazard sentence. */
export interface HazardWording {
  /** `#3 FMUL R3 <- R0, R0 (line 12)`, or a machine's name for a writer that is not an instruction. */
  readonly label: (writer: number) => string;
  /** Cycle at which a writer's value landed in the register, or null if it had not. */
  readonly writtenAt: (writer: number) => number | null;
  /** ` in warp 1`, ` in thread 2`, or nothing. */
  readonly where: string;
  /** The verb of a landing value: `written` (a pipe wrote it) or `returned` (data came back). */
  readonly landed: 'written' | 'returned';
  /** What the end of a run is called: `final` (scoreboard) or `emitted` (LRC). */
  readonly end: string;
}

/** One sentence saying what went wrong in a RAW, WAR or WAW, naming both instructions and the cycles of the events involved. */
export function describeRegisterHazard(hazard: RegisterHazard, wording: HazardWording): string {
  const { label, writtenAt, where } = wording;
  const producer = label(hazard.producer);
  const consumer = label(hazard.consumer);
  const verb = wording.landed === 'written' ? 'wrote' : 'returned';
  switch (hazard.kind) {
    case 'RAW':
      return `RAW on ${hazard.register}${where}: ${consumer} read ${hazard.register} at cycle ${hazard.cycle}, ` +
        `but ${producer} ${writtenAt(hazard.producer) === null ? `had not ${wording.landed === 'written' ? 'written' : 'returned'} it yet` : `${verb} it only at cycle ${writtenAt(hazard.producer)}`}`;
    case 'WAR':
      return `WAR on ${hazard.register}${where}: ${producer} read ${hazard.register} at cycle ${hazard.cycle}, ` +
        `after ${consumer} had already overwritten it at cycle ${writtenAt(hazard.consumer)}`;
    case 'WAW': {
      const seen = hazard.observer === null
        ? `the ${wording.end} value of ${hazard.register} is the stale one`
        : `${label(hazard.observer)} read the stale value at cycle ${hazard.cycle}`;
      return `WAW on ${hazard.register}${where}: ${producer} wrote ${hazard.register} at cycle ${writtenAt(hazard.producer)}, ` +
        `after ${consumer} wrote it at cycle ${writtenAt(hazard.consumer)}; ${seen}`;
    }
  }
}
