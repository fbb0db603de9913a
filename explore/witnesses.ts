/** Keeps the first witness of each distinct finding, in the order first seen. */
export class FirstWitnesses<T> {
  private readonly byKey = new Map<string, T>();

  /** @param keyOf identity of an entry: entries with equal keys are the same finding. */
  constructor(private readonly keyOf: (entry: T) => string) {}

  /** Records an entry unless one with the same key is already known. */
  add(entry: T): void {
    const key = this.keyOf(entry);
    if (!this.byKey.has(key)) this.byKey.set(key, entry);
  }

  /** Number of distinct findings. */
  get size(): number {
    return this.byKey.size;
  }

  /** All distinct entries, in the order first seen. */
  list(): T[] {
    return [...this.byKey.values()];
  }
}
