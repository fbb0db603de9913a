/**
 * The commands the robustness campaign runs on each kind of input: every command that reads
 * that kind, with small run counts and state budgets, and `--timeout` where the command takes it
 * (the stream-output commands do not: their state budget and run counts bound them).
 */
import { join } from 'node:path';
import type { InputKind } from './seeds.js';

/** Where a command reads its input and writes its outputs, and the time budget it gets. */
export interface CommandContext {
  readonly input: string;
  readonly outputFolder: string;
  readonly timeoutMs: number;
}

/** One way to run the CLI on an input. */
export interface CommandCase {
  /** A short name for reports (`check --minimize`). */
  readonly name: string;
  readonly argv: (context: CommandContext) => string[];
  /** Files the command may write: after an input error (exit 2) none may exist. */
  readonly outputs?: (context: CommandContext) => string[];
}

const timeout = (context: CommandContext): string[] => ['--timeout', String(context.timeoutMs)];
const output = (name: string) => (context: CommandContext): string => join(context.outputFolder, name);

/** `check` and its variants on a scoreboard or LRC program. */
const programChecks = (minimized: string): CommandCase[] => [
  { name: 'check', argv: (c) => ['check', c.input, '--seed', '1', '--runs', '50', '--max-states', '20000', ...timeout(c)] },
  { name: 'check --mode random --json', argv: (c) => ['check', c.input, '--mode', 'random', '--runs', '30', '--seed', '1', '--json', ...timeout(c)] },
  {
    name: 'check --minimize', argv: (c) => ['check', c.input, '--seed', '1', '--runs', '30', '--max-states', '20000', '--minimize', output(minimized)(c), ...timeout(c)],
    outputs: (c) => [output(minimized)(c)],
  },
  { name: 'prove', argv: (c) => ['prove', c.input, '--max-states', '20000', '--query-timeout', String(c.timeoutMs), ...timeout(c)] },
  { name: 'annotate', argv: (c) => ['annotate', c.input, '-o', output('annotated.hp')(c), ...timeout(c)], outputs: (c) => [output('annotated.hp')(c)] },
  { name: 'compare', argv: (c) => ['compare', c.input, '--schedules', '5', '--seed', '1', ...timeout(c)] },
  { name: 'print', argv: (c) => ['print', c.input, ...timeout(c)] },
];

/** The commands for each kind of input. */
export const COMMANDS: Readonly<Record<InputKind, readonly CommandCase[]>> = {
  hp: [
    ...programChecks('minimized.hp'),
    { name: 'fuzz', argv: (c) => ['fuzz', c.input, '--runs', '200', '--seed', '1', ...timeout(c)] },
    { name: 'print --json', argv: (c) => ['print', c.input, '--json', '-o', output('program.json')(c), ...timeout(c)], outputs: (c) => [output('program.json')(c)] },
  ],
  'program-json': [
    { name: 'check', argv: (c) => ['check', c.input, '--seed', '1', '--runs', '50', '--max-states', '20000', ...timeout(c)] },
    { name: 'prove', argv: (c) => ['prove', c.input, '--max-states', '20000', '--query-timeout', String(c.timeoutMs), ...timeout(c)] },
    { name: 'annotate', argv: (c) => ['annotate', c.input, ...timeout(c)] },
    { name: 'print', argv: (c) => ['print', c.input, ...timeout(c)] },
  ],
  lrc: programChecks('minimized.hp'),
  scenario: [
    { name: 'streamout run', argv: (c) => ['streamout', 'run', c.input, '--runs', '5', '--seed', '1'] },
    { name: 'streamout run --exhaustive', argv: (c) => ['streamout', 'run', c.input, '--exhaustive', '--max-states', '20000'] },
    {
      name: 'streamout run --trace-out', argv: (c) => ['streamout', 'run', c.input, '--runs', '2', '--seed', '1', '--trace-out', output('trace.jsonl')(c)],
      outputs: (c) => [output('trace.jsonl')(c)],
    },
    { name: 'streamout promela', argv: (c) => ['streamout', 'promela', c.input] },
  ],
  trace: [
    { name: 'streamout check', argv: (c) => ['streamout', 'check', c.input] },
  ],
  cuasm: [
    { name: 'check', argv: (c) => ['check', c.input, ...timeout(c)] },
    { name: 'check --json', argv: (c) => ['check', c.input, '--json', ...timeout(c)] },
    {
      name: 'annotate', argv: (c) => ['annotate', c.input, '--runs', '3', '--seed', '1', '-o', output('derived.hp')(c), ...timeout(c)],
      outputs: (c) => [output('derived.hp')(c)],
    },
    { name: 'mutate', argv: (c) => ['mutate', c.input, '--sample', '10', '--seed', '1', ...timeout(c)] },
    { name: 'print --to hp', argv: (c) => ['print', '--to', 'hp', c.input, ...timeout(c)] },
  ],
  comp: [
    { name: 'check', argv: (c) => ['check', c.input, '--max-states', '20000', ...timeout(c)] },
    {
      name: 'check --minimize', argv: (c) => ['check', c.input, '--max-states', '20000', '--minimize', output('minimized.comp')(c), ...timeout(c)],
      outputs: (c) => [output('minimized.comp')(c)],
    },
    { name: 'annotate', argv: (c) => ['annotate', c.input, '-o', output('scheduled.comp')(c), ...timeout(c)], outputs: (c) => [output('scheduled.comp')(c)] },
    { name: 'annotate --expect', argv: (c) => ['annotate', '--expect', c.input, ...timeout(c)] },
  ],
  ir3: [
    { name: 'check', argv: (c) => ['check', c.input, '--max-states', '20000', ...timeout(c)] },
    {
      name: 'check --minimize', argv: (c) => ['check', c.input, '--max-states', '20000', '--minimize', output('minimized.comp')(c), ...timeout(c)],
      outputs: (c) => [output('minimized.comp')(c)],
    },
    { name: 'annotate', argv: (c) => ['annotate', c.input, '-o', output('scheduled.asm')(c), ...timeout(c)], outputs: (c) => [output('scheduled.asm')(c)] },
  ],
};
