/**
 * A hazard the analysis cannot rule out: the instruction pair, the register, and the argument
 * that failed. It is only a suspicion until a concrete schedule shows it (`confirm.ts`).
 */
export interface Suspicion {
  readonly kind: 'RAW' | 'WAR' | 'WAW' | 'overflow';
  /** The register involved (null for an overflow). */
  readonly register: string | null;
  /** The earlier instruction in the pair (for an overflow, the instruction whose issue may overflow). */
  readonly producer: number;
  /** The later instruction (for an overflow, the same as `producer`). */
  readonly consumer: number;
  /** For an overflow, the counter. */
  readonly scoreboard: number | null;
  /** Why no protection holds, in one sentence. */
  readonly why: string;
}

/** Identity of a suspicion, to report each once. */
export function suspicionKey(suspicion: Suspicion): string {
  return `${suspicion.kind}:${suspicion.register ?? `SB${suspicion.scoreboard}`}:${suspicion.producer}:${suspicion.consumer}`;
}
