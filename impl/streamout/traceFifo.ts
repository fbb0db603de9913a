/**
 * A first-in first-out queue over an array with a moving head: no shifting on take, and the
 * taken part is dropped once it is most of the array, so a queue that never holds more than a
 * few items stays small however many pass through it (the streaming trace checker's memory must
 * not grow with the trace).
 */
export class TraceFifo<T> {
  private items: T[] = [];
  private head = 0;

  /** Adds an item at the back. */
  push(item: T): void {
    this.items.push(item);
  }

  /** Items waiting. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** The front item (the queue must not be empty). */
  peek(): T {
    return this.items[this.head]!;
  }

  /** Removes and returns the front item (the queue must not be empty). */
  take(): T {
    const item = this.items[this.head]!;
    this.items[this.head] = undefined as T; // let the item be collected
    this.head++;
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
