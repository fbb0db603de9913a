import { pipeIndexOf } from '../spec/scoreboard/operands.js';
import type { Program } from '../spec/scoreboard/program.js';

/** A read or write of an instruction instance (instance k = warp * n + i). */
export interface InstanceEvent {
  readonly instance: number;
  readonly kind: 'read' | 'write';
}

/**
 * What the machine fixes about instruction instances whatever the schedule, which the
 * whole-program encoding uses to leave out constraints other constraints already imply. A warp
 * issues its instructions in program order, each at least a cycle after the previous one, so two
 * instances of one warp on one pipe ("chained") are read, written and landed in program order.
 */
export class InstanceOrder {
  /** Pipe of each instruction (-1: none, as DEPBAR and NOP). */
  readonly pipeOf: readonly number[];
  private readonly n: number;

  constructor(private readonly program: Program) {
    this.pipeOf = program.instructions.map((instruction) => pipeIndexOf(program, instruction));
    this.n = program.instructions.length;
  }

  /** The pipe of instance k (-1: none). */
  pipe(k: number): number {
    return this.pipeOf[k % this.n]!;
  }

  /** The warp of instance k. */
  warp(k: number): number {
    return Math.floor(k / this.n);
  }

  /** Whether a and b are distinct instances of one warp on one pipe, so their order in it is program order. */
  chained(a: number, b: number): boolean {
    return a !== b && this.warp(a) === this.warp(b) && this.pipe(a) >= 0 && this.pipe(a) === this.pipe(b);
  }

  /** The instance before k on k's pipe in k's warp, `distance` steps back (null: none). */
  predecessorOnPipe(k: number, distance = 1): number | null {
    if (this.pipe(k) < 0) return null;
    let left = distance;
    for (let j = k - 1; j >= this.warp(k) * this.n; j--) {
      if (this.pipe(j) === this.pipe(k) && --left === 0) return j;
    }
    return null;
  }

  /** Whether event x happens no later than event y in every schedule, by the pipe order alone. */
  noLaterThan(x: InstanceEvent, y: InstanceEvent): boolean {
    if (x.instance === y.instance) return x.kind === y.kind || (x.kind === 'read' && this.readsBeforeWrite(x.instance));
    if (!this.chained(x.instance, y.instance) || x.instance > y.instance) return false;
    // Reads in order, writes in order; a read no later than its own write, so than any later one.
    return x.kind === y.kind || (x.kind === 'read' && this.readsBeforeWrite(y.instance));
  }

  /** The events of the list that no other one of it always follows: when these are done, all are. */
  latest<T extends InstanceEvent>(events: readonly T[]): T[] {
    return events.filter((x, i) => !events.some((y, j) => i !== j && this.noLaterThan(x, y) && !(this.noLaterThan(y, x) && j > i)));
  }

  /** Of `instances`, those no other one of them precedes on its pipe in its warp: each of the others writes after one of these. */
  earliest(instances: readonly number[]): number[] {
    return instances.filter((w) => !instances.some((v) => v < w && this.chained(v, w)));
  }

  private readsBeforeWrite(k: number): boolean {
    const pipe = this.program.pipes[this.pipe(k)];
    // A queue writes at least a cycle after its read; a fixed pipe reads at issue and writes `latency` later.
    return pipe === undefined || pipe.kind === 'queue' || pipe.latency >= 0;
  }
}
