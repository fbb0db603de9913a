import type { SarifFinding } from './buildLog.js';
import { findingMessage } from './findingMessage.js';
import { findingFingerprint } from './fingerprint.js';

/** A scoreboard counter overflow as `check --json` and `fuzz --report-json` write it (listings: their fields mapped onto these). */
export interface ScoreboardOverflowJson {
  readonly kind: 'overflow';
  readonly warp: number;
  readonly instruction: number;
  readonly instructionLine?: number | null;
  readonly scoreboard: number;
  readonly value: number;
  readonly description: string;
  readonly schedule: string;
  readonly scheduleSeed?: number | null;
  readonly replay?: string;
}

/** A scoreboard overflow as a finding, at the line of the instruction whose issue overflowed the counter. */
export function scoreboardOverflowFinding(file: string, unit: string | null, hazard: ScoreboardOverflowJson): SarifFinding {
  return {
    ruleId: 'scoreboard-overflow', file, line: hazard.instructionLine ?? null, related: [],
    message: findingMessage(hazard.description, hazard.schedule, hazard.replay, hazard.scheduleSeed),
    fingerprint: findingFingerprint(unit, 'scoreboard-overflow', hazard.warp, `SB${hazard.scoreboard}`, hazard.instructionLine),
    properties: { kind: 'overflow', scoreboard: hazard.scoreboard, value: hazard.value, instruction: hazard.instruction, instructionLine: hazard.instructionLine ?? null, schedule: hazard.schedule },
  };
}
