import type { ParsedProgram } from '../format/hp/parse.js';
import type { ProgramVerdict } from '../solver/programVerdict.js';
import type { DepbarProof } from '../solver/proveDepbar.js';
import { formatSchedule } from '../spec/scoreboard/trace.js';
import { describeHazard } from './describeHazard.js';

/** One file `prove` decided: each DEPBAR's proof and the whole program's verdict. */
export interface ProvedFile {
  readonly program: ParsedProgram;
  readonly depbars: readonly DepbarProof[];
  readonly whole: ProgramVerdict;
  readonly elapsedMs: number;
}

/**
 * The `prove --json` object of one scoreboard program: `{ file, depbars: [{ index, line,
 * scoreboard, immediate, verdict, largestSafe, reason, elapsedMs, queries, dependencies,
 * breakingOrder }], program: { verdict, reason, method, elapsedMs, counterexample }, elapsedMs }`.
 * Instructions are 0-based positions, lines 1-based source lines. A breaking order lists its
 * events with their lines and names the dependency it breaks; a counterexample carries its
 * hazard's lines, the schedule (spec actions up to the hazard) and the command that replays it.
 */
export function proveFileJson({ program, depbars, whole, elapsedMs }: ProvedFile) {
  const line = (index: number) => program.lines[index] ?? null;
  const counterexample = whole.counterexample;
  const schedule = counterexample && formatSchedule(counterexample.trace.steps.map((step) => step.action));
  return {
    file: program.file,
    depbars: depbars.map((d) => ({
      index: d.index, line: line(d.index), scoreboard: d.scoreboard, immediate: d.immediate, verdict: d.verdict, largestSafe: d.largestSafe,
      reason: d.reason, elapsedMs: Math.round(d.elapsedMs), queries: d.obligations.length,
      dependencies: d.dependencies.map(({ kind, register, producer, consumer, event }) => ({ kind, register, producer, consumer, event, producerLine: line(producer), consumerLine: line(consumer) })),
      breakingOrder: d.breaking === null ? null : {
        immediate: d.breaking.immediate,
        doneAtBarrier: d.breaking.order.doneAtBarrier,
        dependency: {
          kind: d.breaking.dependency.kind, register: d.breaking.dependency.register, producer: d.breaking.dependency.producer, consumer: d.breaking.dependency.consumer,
          event: d.breaking.dependency.event, producerLine: line(d.breaking.dependency.producer), consumerLine: line(d.breaking.dependency.consumer),
        },
        events: d.breaking.order.sequence.map((e) => ({ instruction: d.order.events[e]!.instruction, line: line(d.order.events[e]!.instruction), event: d.order.events[e]!.kind, counted: d.order.events[e]!.counted })),
      },
    })),
    program: {
      verdict: whole.verdict, reason: whole.reason, method: whole.method, elapsedMs: Math.round(whole.elapsedMs),
      counterexample: counterexample && {
        description: describeHazard(program, counterexample.hazard, counterexample.trace),
        hazard: counterexample.hazard,
        ...(counterexample.hazard.kind === 'overflow'
          ? { instructionLine: line(counterexample.hazard.instruction) }
          : { producerLine: line(counterexample.hazard.producer), consumerLine: line(counterexample.hazard.consumer) }),
        schedule,
        replay: `hazardproof check ${program.file} --replay "${schedule}"`,
      },
    },
    elapsedMs: Math.round(elapsedMs),
  };
}

/** The `prove --json` object of one scoreboard program. */
export type ProveFileJson = ReturnType<typeof proveFileJson>;
