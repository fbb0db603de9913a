/**
 * The enabled actions of the optimized simulation as a set of small integer codes with O(1)
 * insert, delete and uniform pick (a dense list plus each code's position in it). A step updates
 * only the codes it can affect instead of listing every action again, which took a third of the
 * simulation's time. The list's order depends on history, so a seed still gives one timing.
 */
export class EnabledSet {
  private readonly list: Int32Array;
  private readonly position: Int32Array;
  private count = 0;

  /** A set of codes 0..codes-1, empty. */
  constructor(codes: number) {
    this.list = new Int32Array(codes);
    this.position = new Int32Array(codes).fill(-1);
  }

  /** How many codes are in the set. */
  get size(): number {
    return this.count;
  }

  /** Puts `code` in the set or takes it out. */
  set(code: number, enabled: boolean): void {
    const at = this.position[code]!;
    if (enabled === at >= 0) return;
    if (enabled) {
      this.position[code] = this.count;
      this.list[this.count++] = code;
    } else {
      const moved = this.list[--this.count]!;
      this.list[at] = moved;
      this.position[moved] = at;
      this.position[code] = -1;
    }
  }

  /** The code at `index` (0..size-1): with a uniform index, a uniform pick. */
  at(index: number): number {
    return this.list[index]!;
  }
}
