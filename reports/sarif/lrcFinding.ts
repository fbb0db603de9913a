import type { SarifFinding } from './buildLog.js';
import { findingMessage } from './findingMessage.js';
import { registerHazardFinding, type RegisterHazardJson } from './registerHazardFinding.js';
import { findingFingerprint } from './fingerprint.js';

/** A load reference counter pushed past its width or below zero, as `lrcCheckJson` writes it. */
interface CounterOverflowJson {
  readonly kind: 'overflow';
  readonly thread: number;
  readonly instruction: number;
  /** Null when preload data did it (no instruction). */
  readonly instructionLine: number | null;
  readonly counter: string;
  readonly value: number;
  readonly description: string;
  readonly schedule: string;
  readonly scheduleSeed?: number | null;
  readonly replay?: string;
}

/** A deadlock as `lrcCheckJson` writes it: the threads held, each at an instruction and its line. */
interface DeadlockJson {
  readonly kind: 'deadlock';
  readonly blocked: readonly { readonly thread: number; readonly status: string; readonly instruction: number; readonly counterName: string; readonly value: number; readonly line: number | null }[];
  readonly description: string;
  readonly schedule: string;
  readonly scheduleSeed?: number | null;
  readonly replay?: string;
}

/** A finding of the LRC machine as its JSON reports write it: a register hazard, a counter overflow or a deadlock. */
export type LrcFindingJson = RegisterHazardJson | CounterOverflowJson | DeadlockJson;

/** One LRC finding (as `check --json` or `prove --json` writes it) as a SARIF finding. */
export function lrcFinding(file: string, finding: LrcFindingJson): SarifFinding {
  const message = findingMessage(finding.description, finding.schedule, finding.replay, finding.scheduleSeed);
  if (finding.kind === 'overflow') {
    const direction = finding.value < 0 ? 'below' : 'above';
    return {
      ruleId: 'counter-overflow', file, line: finding.instructionLine, related: [], message,
      fingerprint: findingFingerprint(null, 'counter-overflow', finding.counter, finding.instructionLine ?? 'preload', direction),
      properties: { kind: 'overflow', counter: finding.counter, value: finding.value, instruction: finding.instruction, instructionLine: finding.instructionLine, schedule: finding.schedule },
    };
  }
  if (finding.kind === 'deadlock') {
    const [first, ...others] = finding.blocked;
    return {
      ruleId: 'deadlock', file, line: first?.line ?? null, message,
      related: others.map((held) => ({ line: held.line, message: `(#${held.instruction}): thread ${held.thread} held in ${held.status} (${held.counterName} is ${held.value})` })),
      fingerprint: findingFingerprint(null, 'deadlock', first?.status === 'EMIT' ? 'emit' : 'dep', first?.line, first?.counterName),
      properties: { kind: 'deadlock', blocked: finding.blocked.map((held) => ({ ...held })), schedule: finding.schedule },
    };
  }
  return registerHazardFinding(file, null, finding);
}
