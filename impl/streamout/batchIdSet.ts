import { nextBatchId } from '../../spec/streamout/state.js';

/**
 * A set of batch IDs (the IDs in flight, or those outside stream output) as a bitmap over the
 * 2^(bits+1) IDs (at most 16,384: scenarios have at most 13-bit counters), as the optimized
 * simulation keeps them. A copy is one small array copy, whatever the set holds: the streaming
 * trace checker copies its state for each extra reading of a bare `wd` line, and a `Set` of the
 * thousands of IDs a fast work distribution unit may have in flight made each copy cost a
 * millisecond.
 *
 * The IDs come out in the order they were given out (`inOrder`), which is the order messages
 * list them in: the work distribution unit gives IDs in the cyclic `nextBatchId` order and gives
 * an ID again only once it is back, so every ID in a set was given out within the last cycle,
 * and scanning the cycle from the next ID to give (the oldest possible) lists them oldest first.
 */
export class BatchIdSet {
  private readonly bits: Uint8Array;
  private count = 0;

  /** An empty set for `batchIdBits`-bit counters; or, given `source`, a copy of it. */
  constructor(private readonly batchIdBits: number, source?: BatchIdSet) {
    this.bits = source ? source.bits.slice() : new Uint8Array(2 << batchIdBits);
    this.count = source?.count ?? 0;
  }

  /** A copy of this set. */
  copy(): BatchIdSet {
    return new BatchIdSet(this.batchIdBits, this);
  }

  /** How many IDs the set holds. */
  get size(): number {
    return this.count;
  }

  /** True when `id` is in the set. */
  has(id: number): boolean {
    return this.bits[id] === 1;
  }

  /** Adds `id`. */
  add(id: number): void {
    if (this.bits[id] === 1) return;
    this.bits[id] = 1;
    this.count++;
  }

  /** Removes `id` (nothing when it is not there). */
  delete(id: number): void {
    if (this.bits[id] !== 1) return;
    this.bits[id] = 0;
    this.count--;
  }

  /** The IDs in the order they were given out, when `next` is the next ID the work distribution unit gives. */
  inOrder(next: number): number[] {
    const ids: number[] = [];
    for (let id = next, seen = 0; seen < this.bits.length && ids.length < this.count; seen++, id = nextBatchId(id, this.batchIdBits)) {
      if (this.bits[id] === 1) ids.push(id);
    }
    return ids;
  }
}
