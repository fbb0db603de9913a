import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import { COMPONENTS } from '../impl/edgeLatency/rules.js';
import { pairHazards, type RepeatedInstruction } from '../spec/components/pairTiming.js';
import type { ComponentInstruction, ComponentProgram, ComponentRegister } from '../spec/components/program.js';
import { componentSystem } from '../spec/components/system.js';

/** One operand over r0: start component, executions, incrementing or kept. */
const operand = fc.record({ start: fc.integer({ min: 0, max: 3 }), executions: fc.integer({ min: 1, max: 4 }), increments: fc.boolean() });
type Shape = { start: number; executions: number; increments: boolean };

function register(shape: Shape): ComponentRegister {
  return { kind: 'register', register: 'r0', component: shape.start, increments: shape.increments };
}

function components(shape: Shape) {
  return Array.from({ length: shape.executions }, (_, j) => COMPONENTS[(shape.start + (shape.increments ? j : 0)) % 4]!);
}

describe('the component machine agrees with the pair timing that judges the seed\'s rules', () => {
  it('a pair separated by edge latency E shows a hazard on the machine exactly when the pair timing says so', () => {
    fc.assert(fc.property(operand, operand, fc.constantFrom('flow', 'anti', 'output'), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 7 }),
      (first, second, kind, latency1, latency2, edge) => {
        fc.pre(first.start + first.executions <= 4 && second.start + second.executions <= 4); // stay inside r0 for the pair model
        const writesFirst = kind !== 'anti';
        const writesSecond = kind !== 'flow';
        const predecessor: ComponentInstruction = {
          opcode: 'P', repeat: first.executions - 1, nops: edge - 1, line: 1, text: 'P', waits: [], syncClass: null, readerClass: 'alu', latency: latency1,
          destination: writesFirst ? register(first) : { kind: 'register', register: 'r9', component: 0, increments: false },
          sources: writesFirst ? [] : [register(first)],
        };
        const successor: ComponentInstruction = {
          opcode: 'S', repeat: second.executions - 1, nops: 0, line: 2, text: 'S', waits: [], syncClass: null, readerClass: 'alu', latency: latency2,
          destination: writesSecond ? register(second) : { kind: 'register', register: 'r8', component: 0, increments: false },
          sources: writesSecond ? [] : [register(second)],
        };
        const program: ComponentProgram = { instructions: [predecessor, successor] };
        const machine = exploreAll(componentSystem(program), { maxStates: 10_000 }).witnesses.filter(({ finding }) => finding.component.startsWith('r0')).length > 0;
        const asPair = (instruction: ComponentInstruction, shape: Shape, writes: boolean, other: string): RepeatedInstruction => ({
          executions: shape.executions, latency: instruction.latency as number,
          destination: writes ? { register: 'r0', components: components(shape) } : { register: other, components: Array(shape.executions).fill('X') },
          sources: writes ? [] : [{ register: 'r0', components: components(shape) }],
        });
        const pair = pairHazards(asPair(predecessor, first, writesFirst, 'r9'), asPair(successor, second, writesSecond, 'r8'), edge).filter((hazard) => hazard.register === 'r0').length > 0;
        expect(machine).toBe(pair);
      }), { numRuns: 400 });
  });
});
