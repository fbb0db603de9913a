/**
 * Writes a program of the component machine in `.comp` notation (`format/components/parse.ts`),
 * so that parsing the text gives the same machine behaviour back: the `.opcode` and
 * `.readlatency` declarations come from the instructions' timing, then one line per instruction,
 * with `Ln:` labels where branches go. Programs that do not come from `.comp` text (ir3 shaders)
 * may give one opcode two timings (ir3: a `mov` to `a0.x` is slower than to `r0.x`): the second
 * timing is declared as a variant, `mov@2`. Read latencies for reader classes no instruction of
 * the program reads as are left out: they cannot change what the program does.
 */
import type { ComponentInstruction, ComponentProgram, ComponentRegister, OtherOperand } from '../../spec/components/program.js';
import { NOP_OPCODE } from './parse.js';

/** The timing an opcode declaration fixes for its instructions. */
interface Timing {
  readonly latency: number | 'variable';
  readonly syncClass: 'sy' | 'ss' | null;
  readonly readerClass: string;
  /** null: no instruction of this timing tells (none repeats with a destination). */
  keepsDestination: boolean | null;
  readonly hasDestination: boolean;
  readonly branch: 'always' | 'conditional' | null;
  readonly readLatency: string;
}

/** Reader classes some instruction of the program reads as: read latencies for other classes cannot matter. */
function readerClasses(program: ComponentProgram): Set<string> {
  return new Set(program.instructions.flatMap((instruction) => [
    instruction.readerClass,
    ...instruction.sources.flatMap((source) => (source.kind === 'register' && source.readerClass ? [source.readerClass] : [])),
  ]));
}

function timingOf(instruction: ComponentInstruction, classes: ReadonlySet<string>): Timing {
  const entries = Object.entries(instruction.readLatency ?? {}).filter(([name]) => classes.has(name)).sort(([a], [b]) => a.localeCompare(b));
  return {
    latency: instruction.latency,
    syncClass: instruction.latency === 'variable' ? instruction.syncClass ?? 'sy' : null,
    readerClass: instruction.readerClass,
    keepsDestination: instruction.destination === null ? null : instruction.repeat > 0 || !instruction.destination.increments ? !instruction.destination.increments : null,
    hasDestination: instruction.destination !== null,
    branch: instruction.branch === undefined ? null : instruction.branch.conditional ? 'conditional' : 'always',
    readLatency: entries.map(([name, cycles]) => `${name}=${cycles}`).join(' '),
  };
}

function compatible(a: Timing, b: Timing): boolean {
  return a.latency === b.latency && a.syncClass === b.syncClass && a.readerClass === b.readerClass && a.hasDestination === b.hasDestination &&
    a.branch === b.branch && a.readLatency === b.readLatency && (a.keepsDestination === null || b.keepsDestination === null || a.keepsDestination === b.keepsDestination);
}

/** The text of a program; `header` lines (comments) go first. */
export function printComponentProgram(program: ComponentProgram, header: readonly string[] = []): string {
  const declared = new Map<string, { name: string; timing: Timing }[]>();
  const classes = readerClasses(program);
  const names = program.instructions.map((instruction) => {
    if (instruction.opcode === NOP_OPCODE && instruction.destination === null && instruction.sources.length === 0 && instruction.branch === undefined) return NOP_OPCODE;
    const timing = timingOf(instruction, classes);
    const variants = declared.get(instruction.opcode) ?? [];
    declared.set(instruction.opcode, variants);
    const match = variants.find((variant) => compatible(variant.timing, timing));
    if (match) {
      match.timing.keepsDestination ??= timing.keepsDestination;
      return match.name;
    }
    const base = instruction.opcode.replace(/@.*$/, '');
    const name = variants.length === 0 && base !== NOP_OPCODE ? instruction.opcode : `${base}@${variants.length + 1}`;
    variants.push({ name, timing: { ...timing } });
    return name;
  });
  const lines = [...header];
  for (const variants of declared.values()) {
    for (const { name, timing } of variants) {
      const attributes = [
        `latency=${timing.latency}`,
        ...(timing.syncClass ? [`sync=${timing.syncClass}`] : []),
        `class=${timing.readerClass}`,
        ...(timing.keepsDestination ? ['keeps-destination'] : []),
        ...(timing.hasDestination ? [] : ['no-destination']),
        ...(timing.branch ? [`branch=${timing.branch}`] : []),
      ];
      lines.push(`.opcode ${name} ${attributes.join(' ')}`);
      if (timing.readLatency !== '') lines.push(`.readlatency ${name} ${timing.readLatency}`);
    }
  }
  const targets = new Set(program.instructions.flatMap((instruction) => (instruction.branch ? [instruction.branch.target] : [])));
  program.instructions.forEach((instruction, index) => {
    if (targets.has(index)) lines.push(`L${index}:`);
    lines.push(instructionText(instruction, names[index]!));
  });
  if (targets.has(program.instructions.length)) lines.push(`L${program.instructions.length}:`);
  return `${lines.join('\n')}\n`;
}

/** One instruction as `.comp` writes it, with `opcode` as its (possibly variant) name. */
export function instructionText(instruction: ComponentInstruction, opcode = instruction.opcode): string {
  const flags = [
    ...instruction.waits.map((wait) => `(${wait})`),
    ...(instruction.repeat > 0 ? [`(rpt${instruction.repeat})`] : []),
    ...(instruction.nops > 0 ? [`(nop${instruction.nops})`] : []),
  ].join('');
  const operands = [
    ...(instruction.destination ? [registerText(instruction.destination)] : []),
    ...instruction.sources.map(sourceText),
    ...(instruction.branch ? [`L${instruction.branch.target}`] : []),
  ];
  return `${flags}${opcode}${operands.length > 0 ? ` ${operands.join(', ')}` : ''}`;
}

function registerText(operand: ComponentRegister): string {
  return `${operand.register}.${'xyzw'[operand.component]}`;
}

function sourceText(operand: ComponentRegister | OtherOperand): string {
  if (operand.kind === 'other') return /^(\(r\))?(h?c\d+\.[xyzw]|-?(0[xX][0-9a-fA-F]+|\d+(\.\d+)?([eE][+-]?\d+)?))$/.test(operand.text) ? operand.text : '0';
  return `${operand.increments ? '(r)' : ''}${operand.readerClass ? `(read=${operand.readerClass})` : ''}${registerText(operand)}`;
}
