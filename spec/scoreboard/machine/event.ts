/** What a source register held when it was read: the instruction that wrote it, or null for its initial value. */
export interface SeenValue {
  readonly register: string;
  readonly writer: number | null;
}

/** Something observable that happened in one step; the hazard oracle and timelines consume these. */
export type MachineEvent =
  | { readonly type: 'issue'; readonly cycle: number; readonly warp: number; readonly instruction: number }
  | {
      readonly type: 'read';
      readonly cycle: number;
      readonly warp: number;
      readonly instruction: number;
      readonly seen: readonly SeenValue[];
    }
  | {
      /** Results written (or, with no destination, the instruction completed). */
      readonly type: 'write';
      readonly cycle: number;
      readonly warp: number;
      readonly instruction: number;
      readonly registers: readonly string[];
    }
  | {
      /** An increment took a scoreboard past what its counter can hold. */
      readonly type: 'overflow';
      readonly cycle: number;
      readonly warp: number;
      readonly instruction: number;
      readonly scoreboard: number;
      readonly value: number;
    };
