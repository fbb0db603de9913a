/** Numbers register names 0, 1, 2... in order of first use, so simulators can keep register files in typed arrays. */
export class RegisterNumbering {
  /** Names by number. */
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The number of a register, given a new one on first use. */
  id(name: string): number {
    let known = this.ids.get(name);
    if (known === undefined) {
      known = this.names.length;
      this.ids.set(name, known);
      this.names.push(name);
    }
    return known;
  }
}
