/**
 * An abort flag a worker thread can read while it computes: the caller's thread raises it with
 * the reason's words, the worker's stop predicate sees both at its next step. A `SharedArrayBuffer`
 * because the worker's event loop is busy: it could not receive a message until it finishes.
 */
export type AbortFlag = SharedArrayBuffer;

/** Longest reason carried, in UTF-8 bytes (longer ones are cut). */
const MAX_REASON_BYTES = 1024;
/** Int32 words before the text: the flag (0 or 1) and the text's length in bytes. */
const HEADER_BYTES = 8;

/** A lowered flag. */
export function createAbortFlag(): AbortFlag {
  return new SharedArrayBuffer(HEADER_BYTES + MAX_REASON_BYTES);
}

/** Raises the flag with its reason; the text is written before the flag, whose atomic store publishes it. */
export function raiseAbortFlag(flag: AbortFlag, reason: string): void {
  const header = new Int32Array(flag, 0, 2);
  if (Atomics.load(header, 0) === 1) return;
  const written = new TextEncoder().encodeInto(reason, new Uint8Array(flag, HEADER_BYTES, MAX_REASON_BYTES)).written;
  Atomics.store(header, 1, written);
  Atomics.store(header, 0, 1);
}

/** A reader of the flag, cheap enough for every step of a search: the reason it was raised with, or null while it is lowered. */
export function abortFlagReader(flag: AbortFlag): () => string | null {
  const header = new Int32Array(flag, 0, 2);
  return () => {
    if (Atomics.load(header, 0) !== 1) return null;
    // TextDecoder refuses views of shared memory: copy the bytes out first.
    return new TextDecoder().decode(new Uint8Array(flag, HEADER_BYTES, Atomics.load(header, 1)).slice());
  };
}
