import { successors } from './cfg.js';
import { mayFallThrough, type SassProgram } from '../../spec/sass/program.js';

/** Calls in progress a path may hold at once; deeper ones are not followed (recursion). */
const MAX_CALL_DEPTH = 16;

/**
 * A shortest control-flow path (instruction indices) from the entry through `via` to `to`,
 * each leg at least one step long after `via` (so `via === to` means once round a loop), or
 * null when there is none.
 *
 * The path is one the machine can take: a return goes back after the call in progress, as the
 * machine's return stack does (the analysis' graph lets a return go back after any call, more
 * paths than the machine has, and a directed run cannot follow a path through a return to
 * another call's site: ptxas -O0 calls one FP64 subroutine from several places). Where no such
 * path is found within `MAX_CALL_DEPTH` calls, the graph's own shortest path is the answer.
 */
export function pathThrough(program: SassProgram, via: number, to: number): number[] | null {
  const matched = matchedPathThrough(program, via, to);
  if (matched !== null) return matched;
  const next = successors(program);
  const first = shortest(next, [0], via);
  if (!first) return null;
  const second = shortest(next, next[via]!, to);
  return second ? [...first, ...second] : null;
}

/** A place on a path: an instruction and the return addresses of the calls in progress, innermost last. */
interface Place {
  readonly at: number;
  readonly returns: readonly number[];
}

/** The shortest path through `via` to `to` whose returns match its calls, or null. */
function matchedPathThrough(program: SassProgram, via: number, to: number): number[] | null {
  const first = shortestMatched(program, [{ at: 0, returns: [] }], via);
  if (first === null) return null;
  const second = shortestMatched(program, placesAfter(program, first.end), to);
  return second === null ? null : [...first.path, ...second.path];
}

/** Where control may go after `place` issues, the calls in progress kept as the machine keeps them. */
function placesAfter(program: SassProgram, place: Place): Place[] {
  const instruction = program.instructions[place.at]!;
  const flow = instruction.flow;
  const count = program.instructions.length;
  const places: Place[] = [];
  const fallThrough = place.at + 1 < count ? [{ at: place.at + 1, returns: place.returns }] : [];
  switch (flow.kind) {
    case 'next':
      return fallThrough;
    case 'branch':
      places.push({ at: flow.target, returns: place.returns });
      break;
    case 'call':
      if (place.returns.length < MAX_CALL_DEPTH && place.at + 1 < count) places.push({ at: flow.target, returns: [...place.returns, place.at + 1] });
      break;
    case 'return':
      // With no call in progress, a return ends the thread, as in the machine.
      if (place.returns.length > 0) places.push({ at: place.returns[place.returns.length - 1]!, returns: place.returns.slice(0, -1) });
      break;
    case 'exit':
      break;
  }
  return mayFallThrough(instruction) ? [...places, ...fallThrough] : places;
}

/** Breadth-first search over places from any of `starts` to instruction `goal`; the path includes both ends. */
function shortestMatched(program: SassProgram, starts: readonly Place[], goal: number): { path: number[]; end: Place } | null {
  const key = (place: Place) => `${place.at}|${place.returns.join(',')}`;
  const parent = new Map<string, string | null>();
  const places = new Map<string, Place>();
  const queue: Place[] = [];
  for (const start of starts) {
    const id = key(start);
    if (parent.has(id)) continue;
    parent.set(id, null);
    places.set(id, start);
    queue.push(start);
  }
  for (let head = 0; head < queue.length; head++) {
    const place = queue[head]!;
    if (place.at === goal) {
      const path: number[] = [];
      for (let id: string | null = key(place); id !== null; id = parent.get(id) ?? null) path.unshift(places.get(id)!.at);
      return { path, end: place };
    }
    const from = key(place);
    for (const next of placesAfter(program, place)) {
      const id = key(next);
      if (parent.has(id)) continue;
      parent.set(id, from);
      places.set(id, next);
      queue.push(next);
    }
  }
  return null;
}

/** Breadth-first search from any of `starts` to `goal`; the path includes both ends. */
function shortest(next: readonly (readonly number[])[], starts: readonly number[], goal: number): number[] | null {
  const parent = new Map<number, number | null>();
  const queue: number[] = [];
  for (const start of starts) {
    if (!parent.has(start)) {
      parent.set(start, null);
      queue.push(start);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === goal) {
      const path: number[] = [];
      for (let at: number | null = node; at !== null; at = parent.get(at) ?? null) path.unshift(at);
      return path;
    }
    for (const successor of next[node]!) {
      if (!parent.has(successor)) {
        parent.set(successor, node);
        queue.push(successor);
      }
    }
  }
  return null;
}
