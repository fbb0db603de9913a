/** A FIFO over an array with a moving head: no shifting, no per-message array churn, bounded by what it holds. */
export class Channel<T> {
  private items: T[] = [];
  private head = 0;

  /**
   * A channel holding the same messages, in order, each passed through `convert` when given: for
   * a checker that keeps several readings of a trace, each with its own channels.
   */
  copy(convert?: (item: T) => T): Channel<T> {
    const copy = new Channel<T>();
    copy.items = this.items.slice(this.head);
    if (convert) for (let index = 0; index < copy.items.length; index++) copy.items[index] = convert(copy.items[index]!);
    return copy;
  }

  /** Appends a message. */
  push(item: T): void {
    this.items.push(item);
  }

  /** Messages waiting. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** The oldest message (the channel must not be empty). */
  peek(): T {
    return this.items[this.head]!;
  }

  /** Removes and returns the oldest message (the channel must not be empty). */
  take(): T {
    const item = this.items[this.head]!;
    this.items[this.head] = undefined as T; // let the message be collected
    this.head++;
    // Drop the consumed prefix once it is most of the array, so a channel that never holds more
    // than a few messages stays small however many pass through it (the streaming trace checker's
    // memory must not grow with the trace).
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else if (this.head >= 64 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
