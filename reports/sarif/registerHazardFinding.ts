import type { SarifFinding } from './buildLog.js';
import { findingMessage } from './findingMessage.js';
import type { SarifPropertyBag } from './sarifTypes.js';
import { findingFingerprint } from './fingerprint.js';

/**
 * A RAW, WAR or WAW hazard as the JSON reports of the scoreboard machine, the LRC machine, the
 * listings and `fuzz` write it: the two instructions (0-based) with their source lines, the
 * sentence, and the schedule that shows it.
 */
export interface RegisterHazardJson {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly register: string;
  readonly producer: number;
  readonly consumer: number;
  /** 1-based source lines; null (or absent) when unknown. */
  readonly producerLine?: number | null;
  readonly consumerLine?: number | null;
  readonly description: string;
  readonly schedule: string;
  readonly replay?: string;
  readonly scheduleSeed?: number | null;
  /** The warp (scoreboard machine) or thread (LRC machine) it happened in. */
  readonly warp?: number;
  readonly thread?: number;
}

/** What the earlier instruction of the pair is to the hazard, by kind. */
const PRODUCER_ROLE: Readonly<Record<RegisterHazardJson['kind'], string>> = {
  RAW: 'the write the read needed',
  WAR: 'the read that was overtaken',
  WAW: 'the earlier write, which landed last',
};

/**
 * A register hazard as a finding: located at the consumer's line (the instruction whose event
 * came second), the producer as the related location, the schedule and replay command in the
 * message. `unit` names the kernel or shader for listings (part of the fingerprint).
 */
export function registerHazardFinding(file: string, unit: string | null, hazard: RegisterHazardJson): SarifFinding {
  const thread = hazard.warp ?? hazard.thread ?? 0;
  const properties: SarifPropertyBag = {
    kind: hazard.kind, register: hazard.register, producer: hazard.producer, consumer: hazard.consumer,
    producerLine: hazard.producerLine ?? null, consumerLine: hazard.consumerLine ?? null, schedule: hazard.schedule,
    ...(hazard.scheduleSeed === undefined ? {} : { scheduleSeed: hazard.scheduleSeed }),
    ...(hazard.replay === undefined ? {} : { replay: hazard.replay }),
  };
  return {
    ruleId: hazard.kind,
    file,
    line: hazard.consumerLine ?? null,
    related: [{ line: hazard.producerLine ?? null, message: `(#${hazard.producer}): ${PRODUCER_ROLE[hazard.kind]}` }],
    message: findingMessage(hazard.description, hazard.schedule, hazard.replay, hazard.scheduleSeed),
    fingerprint: findingFingerprint(unit, hazard.kind, thread, hazard.register, hazard.producerLine, hazard.consumerLine),
    properties,
  };
}
