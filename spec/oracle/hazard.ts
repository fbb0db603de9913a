/**
 * A hazard: an execution in which a read or the final register state differs from sequential
 * execution. `producer` is always the earlier of the two instructions in program order and
 * `consumer` the later one, whose event had to come second.
 */
export type Hazard = RegisterHazard | OverflowHazard;

/** A read or final value that sequential execution would not produce. */
export interface RegisterHazard {
  /**
   * `RAW`: a read saw an older value because the producer had not written yet.
   * `WAR`: a read saw the value of a later instruction (the consumer wrote before the producer read).
   * `WAW`: two writes landed out of program order, visible in `observer`'s read or in the final state.
   */
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly warp: number;
  readonly register: string;
  readonly producer: number;
  readonly consumer: number;
  /** The instruction whose read exposed a WAW, or null when the final state did. */
  readonly observer: number | null;
  /** Cycle at which the hazard became visible (the read, or the end of the run). */
  readonly cycle: number;
}

/** A scoreboard counter incremented past its width: the hardware would wrap and mis-track. */
export interface OverflowHazard {
  readonly kind: 'overflow';
  readonly warp: number;
  readonly scoreboard: number;
  /** The instruction whose issue overflowed the counter. */
  readonly instruction: number;
  readonly value: number;
  readonly cycle: number;
}

/** Identity of a hazard for de-duplication: the same mistake found by different schedules. */
export function hazardKey(hazard: Hazard): string {
  return hazard.kind === 'overflow'
    ? `overflow:${hazard.warp}:SB${hazard.scoreboard}:${hazard.instruction}`
    : `${hazard.kind}:${hazard.warp}:${hazard.register}:${hazard.producer}:${hazard.consumer}`;
}
