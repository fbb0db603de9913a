/** Progress of a check on the component machine: the unit being explored and its states so far. */
export interface ComponentProgress {
  readonly file: string;
  /** The ir3 shader's number; null for a `.comp` program. */
  readonly shader: number | null;
  /** Units already decided. */
  readonly done: number;
  /** Units to decide in all. */
  readonly total: number;
  /** Distinct states of this unit explored so far (0 as it starts; then every few thousand). */
  readonly states: number;
}
