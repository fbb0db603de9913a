/** A FIFO over a growing array with a moving head: no shifting, no per-message array churn. */
export class Channel<T> {
  private items: T[] = [];
  private head = 0;

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
    const item = this.items[this.head++]!;
    // Drop the consumed prefix now and then, so a long run does not keep every message alive.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
