import type { MachineEvent } from '../spec/scoreboard/machine/event.js';
import { DEFAULT_SCOREBOARD_MAX } from '../spec/scoreboard/machine/step.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import type { LatencySchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import type { CompiledProgram } from './compiled.js';

/** What one simulated execution produced. */
export interface SimulationResult {
  readonly hazards: Hazard[];
  /** False when the run stopped at a scoreboard overflow. */
  readonly finished: boolean;
  /** The cycle of the last event. */
  readonly lastCycle: number;
  /** Instruction instances issued (over all warps). */
  readonly issued: number;
  /** The events, in the spec's format, when tracing was asked for. */
  readonly events: MachineEvent[] | null;
}

/**
 * The optimized simulator: runs a compiled program under a concrete latency schedule with the
 * same rules as the spec's `runSchedule`, and must produce the same events and hazards. Typed
 * arrays allocated once per simulator, bitsets for wait masks, pipes as index ranges over one
 * buffer each, and idle cycles skipped by jumping to the next cycle where anything can happen.
 */
export class Simulator {
  private readonly slots: number;
  private readonly registerCount: number;
  private readonly issueCycle: Int32Array;
  private readonly readCycle: Int32Array;
  private readonly written: Uint8Array;
  private readonly registers: Int32Array;
  private readonly counters: Int32Array;
  private readonly nonzero: Int32Array;
  private readonly next: Int32Array;
  private readonly earliest: Int32Array;
  private readonly pendingReads: Int32Array;
  private readonly pendingWrites: Int32Array;
  private readonly buffers: Int32Array[];
  private readonly head: Int32Array;
  private readonly readPointer: Int32Array;
  private readonly tail: Int32Array;
  private readonly ready: Int32Array;

  constructor(private readonly compiled: CompiledProgram, private readonly scoreboardMax = DEFAULT_SCOREBOARD_MAX) {
    const { size, warps, scoreboards, registerNames, pipeSize } = compiled;
    this.slots = size * warps;
    this.registerCount = registerNames.length;
    this.issueCycle = new Int32Array(this.slots);
    this.readCycle = new Int32Array(this.slots);
    this.written = new Uint8Array(this.slots);
    this.registers = new Int32Array(warps * this.registerCount);
    this.counters = new Int32Array(warps * scoreboards);
    this.nonzero = new Int32Array(warps);
    this.next = new Int32Array(warps);
    this.earliest = new Int32Array(warps);
    this.pendingReads = new Int32Array(warps * this.registerCount);
    this.pendingWrites = new Int32Array(warps * this.registerCount);
    this.buffers = Array.from(pipeSize, () => new Int32Array(this.slots));
    this.head = new Int32Array(pipeSize.length);
    this.readPointer = new Int32Array(pipeSize.length);
    this.tail = new Int32Array(pipeSize.length);
    this.ready = new Int32Array(warps);
  }

  /** Runs one execution under `schedule`; with `trace`, also returns the events in the spec's format. */
  run(schedule: LatencySchedule, trace = false): SimulationResult {
    const c = this.compiled;
    const { size, warps, scoreboards, pipeOf, pipeDecoupled, pipeSize } = c;
    const interlock = c.program.interlock;
    const { issueCycle, readCycle, written, registers, counters, nonzero, next, earliest, pendingReads, pendingWrites, buffers, head, readPointer, tail, ready } = this;
    const registerCount = this.registerCount;
    const pipeCount = pipeSize.length;
    written.fill(0);
    registers.fill(-1);
    counters.fill(0);
    nonzero.fill(0);
    next.fill(0);
    earliest.fill(0);
    pendingReads.fill(0);
    pendingWrites.fill(0);
    head.fill(0);
    readPointer.fill(0);
    tail.fill(0);
    const events: MachineEvent[] | null = trace ? [] : null;
    const hazards: Hazard[] = [];
    let cycle = 0;
    let lastCycle = 0;
    let issued = 0;
    let choice = 0;
    let inFlight = 0;
    /** The spec's clock when the machine finishes: the cycle of the last write, or the one after a last DEPBAR/NOP. */
    let endCycle = 0;

    const change = (warp: number, scoreboard: number, by: number) => {
      if (scoreboard < 0) return;
      const value = this.counterValue(counters[warp * scoreboards + scoreboard]! + by);
      counters[warp * scoreboards + scoreboard] = value;
      if (value === 0) nonzero[warp]! &= ~(1 << scoreboard);
      else nonzero[warp]! |= 1 << scoreboard;
    };
    const increment = (warp: number, scoreboard: number) => change(warp, scoreboard, 1);
    const decrement = (warp: number, scoreboard: number) => change(warp, scoreboard, -1);
    const readSources = (slot: number) => {
      const warp = (slot / size) | 0;
      const instruction = slot - warp * size;
      const base = warp * registerCount;
      const from = c.sourceStart[instruction]!;
      const to = c.sourceStart[instruction + 1]!;
      for (let k = from; k < to; k++) {
        const register = c.sources[k]!;
        const seen = registers[base + register]!;
        const expected = c.expectedWriter[k]!;
        if (seen !== expected) hazards.push(this.classify(warp, instruction, register, seen, expected, cycle));
      }
      if (events) {
        const seen = [];
        for (let k = from; k < to; k++) {
          const value = registers[base + c.sources[k]!]!;
          seen.push({ register: c.registerNames[c.sources[k]!]!, writer: value < 0 ? null : value });
        }
        events.push({ type: 'read', cycle, warp, instruction, seen });
      }
      readCycle[slot] = cycle;
    };
    const writeResults = (slot: number) => {
      const warp = (slot / size) | 0;
      const instruction = slot - warp * size;
      const base = warp * registerCount;
      const from = c.destinationStart[instruction]!;
      const to = c.destinationStart[instruction + 1]!;
      for (let k = from; k < to; k++) {
        registers[base + c.destinations[k]!] = instruction;
        if (interlock) pendingWrites[base + c.destinations[k]!]!--;
      }
      decrement(warp, c.writeScoreboard[instruction]!);
      written[slot] = 1;
      inFlight--;
      lastCycle = cycle;
      if (events) {
        const names = [];
        for (let k = from; k < to; k++) names.push(c.registerNames[c.destinations[k]!]!);
        events.push({ type: 'write', cycle, warp, instruction, registers: names });
      }
    };
    /** 1 ready, 0 blocked by a counter, a queue or an interlock (freed only by a read or write), -1 waiting for time or done. */
    const readiness = (warp: number): number => {
      const instruction = next[warp]!;
      if (instruction >= size) return -1;
      if (cycle < earliest[warp]! + schedule.issueDelay[warp * size + instruction]!) return -1;
      if ((c.waitMask[instruction]! & nonzero[warp]!) !== 0) return 0;
      const depbar = c.depbarScoreboard[instruction]!;
      if (depbar >= 0 && counters[warp * scoreboards + depbar]! > c.depbarLimit[instruction]!) return 0;
      const pipe = pipeOf[instruction]!;
      if (pipe >= 0 && pipeDecoupled[pipe] === 1 && tail[pipe]! - readPointer[pipe]! >= pipeSize[pipe]!) return 0;
      if (interlock) {
        const base = warp * registerCount;
        for (let k = c.destinationStart[instruction]!; k < c.destinationStart[instruction + 1]!; k++) {
          const register = base + c.destinations[k]!;
          if (pendingReads[register]! > 0 || pendingWrites[register]! > 0) return 0;
        }
        for (let k = c.sourceStart[instruction]!; k < c.sourceStart[instruction + 1]!; k++) {
          if (pendingWrites[base + c.sources[k]!]! > 0) return 0;
        }
      }
      return 1;
    };

    for (;;) {
      // Write phase: due results, lowest pipe first, in issue order within a pipe.
      for (let pipe = 0; pipe < pipeCount; pipe++) {
        const buffer = buffers[pipe]!;
        if (pipeDecoupled[pipe] === 1) {
          while (head[pipe]! < readPointer[pipe]! && readCycle[buffer[head[pipe]!]!]! + schedule.execDelay[buffer[head[pipe]!]!]! <= cycle) {
            writeResults(buffer[head[pipe]!++]!);
          }
        } else {
          while (head[pipe]! < tail[pipe]! && issueCycle[buffer[head[pipe]!]!]! + pipeSize[pipe]! === cycle) {
            writeResults(buffer[head[pipe]!++]!);
          }
        }
      }
      endCycle = cycle;
      if (inFlight === 0 && issued === this.slots) break;
      // Read phase: due queue heads, lowest pipe first.
      for (let pipe = 0; pipe < pipeCount; pipe++) {
        if (pipeDecoupled[pipe] !== 1) continue;
        const buffer = buffers[pipe]!;
        while (readPointer[pipe]! < tail[pipe]! && issueCycle[buffer[readPointer[pipe]!]!]! + schedule.queueDelay[buffer[readPointer[pipe]!]!]! <= cycle) {
          const slot = buffer[readPointer[pipe]!++]!;
          readSources(slot);
          decrement((slot / size) | 0, c.readScoreboard[slot % size]!);
          if (interlock) {
            const base = ((slot / size) | 0) * registerCount;
            const instruction = slot % size;
            for (let k = c.sourceStart[instruction]!; k < c.sourceStart[instruction + 1]!; k++) pendingReads[base + c.sources[k]!]!--;
          }
        }
      }
      // Issue phase: at most one ready warp.
      let readyCount = 0;
      for (let warp = 0; warp < warps; warp++) if (readiness(warp) === 1) ready[readyCount++] = warp;
      if (readyCount > 0) {
        const warp = readyCount === 1 ? ready[0]! : ready[(schedule.warpChoices[choice++] ?? 0) % readyCount]!;
        if (!this.issue(warp, cycle, events, hazards, increment, decrement, readSources)) {
          return { hazards, finished: false, lastCycle: cycle, issued: issued + 1, events };
        }
        issued++;
        inFlight++;
        lastCycle = cycle;
        const instruction = next[warp]! - 1;
        if (pipeOf[instruction]! < 0) {
          written[warp * size + instruction] = 1;
          inFlight--;
          endCycle = cycle + 1;
          if (inFlight === 0 && issued === this.slots) break;
        }
      }
      cycle = this.nextCycle(cycle, schedule, readiness);
    }
    // Finished: the final register state must be sequential execution's.
    for (let warp = 0; warp < warps; warp++) {
      for (let k = 0; k < c.finalRegisters.length; k++) {
        const register = c.finalRegisters[k]!;
        const landed = registers[warp * registerCount + register]!;
        const last = c.finalWriter[k]!;
        if (landed >= 0 && landed !== last) {
          hazards.push({ kind: 'WAW', warp, register: c.registerNames[register]!, producer: landed, consumer: last, observer: null, cycle: endCycle });
        }
      }
    }
    return { hazards, finished: true, lastCycle, issued, events };
  }

  /** Issues the next instruction of `warp`; returns false when a scoreboard overflowed (the run stops). */
  private issue(
    warp: number, cycle: number, events: MachineEvent[] | null, hazards: Hazard[],
    increment: (warp: number, scoreboard: number) => void, decrement: (warp: number, scoreboard: number) => void,
    readSources: (slot: number) => void,
  ): boolean {
    const c = this.compiled;
    const instruction = this.next[warp]!;
    const slot = warp * c.size + instruction;
    const readScoreboard = c.readScoreboard[instruction]!;
    const writeScoreboard = c.writeScoreboard[instruction]!;
    this.next[warp] = instruction + 1;
    this.earliest[warp] = cycle + c.stall[instruction]!;
    this.issueCycle[slot] = cycle;
    events?.push({ type: 'issue', cycle, warp, instruction });
    increment(warp, readScoreboard);
    increment(warp, writeScoreboard);
    // Same order as the spec: the read scoreboard, then the write scoreboard if it is another one.
    const overflow = this.overflowed(warp, instruction, readScoreboard, cycle, events, hazards)
      | (writeScoreboard !== readScoreboard ? this.overflowed(warp, instruction, writeScoreboard, cycle, events, hazards) : 0);
    const pipe = c.pipeOf[instruction]!;
    if (pipe < 0) {
      decrement(warp, readScoreboard);
      decrement(warp, writeScoreboard);
      return overflow === 0;
    }
    this.buffers[pipe]![this.tail[pipe]!++] = slot;
    if (c.program.interlock) {
      const base = warp * this.registerCount;
      if (c.pipeDecoupled[pipe] === 1) for (let k = c.sourceStart[instruction]!; k < c.sourceStart[instruction + 1]!; k++) this.pendingReads[base + c.sources[k]!]!++;
      for (let k = c.destinationStart[instruction]!; k < c.destinationStart[instruction + 1]!; k++) this.pendingWrites[base + c.destinations[k]!]!++;
    }
    if (c.pipeDecoupled[pipe] === 0) {
      readSources(slot);
      decrement(warp, readScoreboard);
      this.readPointer[pipe] = this.tail[pipe]!;
    }
    return overflow === 0;
  }

  /** Records an overflow of `scoreboard` if its counter is past the maximum; returns 1 if so. */
  private overflowed(warp: number, instruction: number, scoreboard: number, cycle: number, events: MachineEvent[] | null, hazards: Hazard[]): number {
    if (scoreboard < 0) return 0;
    const value = this.counters[warp * this.compiled.scoreboards + scoreboard]!;
    if (value <= this.scoreboardMax) return 0;
    events?.push({ type: 'overflow', cycle, warp, instruction, scoreboard, value });
    hazards.push({ kind: 'overflow', warp, scoreboard, instruction, value, cycle });
    return 1;
  }

  /**
   * What a scoreboard counter holds after a change. The machine's counters are exact (overflow is
   * detected, not wrapped); the property suites override this to plant a narrow-counter bug.
   */
  protected counterValue(value: number): number {
    return value;
  }

  /** The next cycle at which anything can happen: a due write or read, or a warp whose wait for time ends. */
  private nextCycle(cycle: number, schedule: LatencySchedule, readiness: (warp: number) => number): number {
    const c = this.compiled;
    let best = Number.MAX_SAFE_INTEGER;
    for (let pipe = 0; pipe < c.pipeSize.length; pipe++) {
      const buffer = this.buffers[pipe]!;
      if (c.pipeDecoupled[pipe] === 1) {
        if (this.head[pipe]! < this.readPointer[pipe]!) {
          const slot = buffer[this.head[pipe]!]!;
          best = Math.min(best, this.readCycle[slot]! + schedule.execDelay[slot]!);
        }
        if (this.readPointer[pipe]! < this.tail[pipe]!) {
          const slot = buffer[this.readPointer[pipe]!]!;
          best = Math.min(best, this.issueCycle[slot]! + schedule.queueDelay[slot]!);
        }
      } else if (this.head[pipe]! < this.tail[pipe]!) {
        best = Math.min(best, this.issueCycle[buffer[this.head[pipe]!]!]! + c.pipeSize[pipe]!);
      }
    }
    for (let warp = 0; warp < c.warps; warp++) {
      const instruction = this.next[warp]!;
      if (instruction >= c.size) continue;
      const gate = this.earliest[warp]! + schedule.issueDelay[warp * c.size + instruction]!;
      if (gate > cycle + 1) best = Math.min(best, gate);
      else if (readiness(warp) !== 0) best = Math.min(best, cycle + 1);
    }
    return Math.max(cycle + 1, best);
  }

  private classify(warp: number, reader: number, register: number, seen: number, expected: number, cycle: number): Hazard {
    const name = this.compiled.registerNames[register]!;
    if (seen > reader) return { kind: 'WAR', warp, register: name, producer: reader, consumer: seen, observer: null, cycle };
    if (expected >= 0 && this.written[warp * this.compiled.size + expected] === 1) {
      return { kind: 'WAW', warp, register: name, producer: seen, consumer: expected, observer: reader, cycle };
    }
    return { kind: 'RAW', warp, register: name, producer: expected, consumer: reader, observer: null, cycle };
  }
}
