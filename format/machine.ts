/**
 * Which machine a program file targets: the `.machine NAME` directive, so one command line can
 * take scoreboard (`.hp`) and LRC programs alike and hand each to its own parser.
 */
import { InputError } from './error.js';
import { stripComment, tokenize } from './hp/tokens.js';

/** The machines a program file can target. */
export type MachineKind = 'scoreboard' | 'lrc';

const MACHINES: readonly MachineKind[] = ['scoreboard', 'lrc'];

/**
 * The machine of a program text: the name after the first `.machine` directive (the first
 * token of a line, after comments are stripped), or 'scoreboard' when there is none, since
 * every `.hp` file written before LRC programs existed has none. An unknown name is an
 * `InputError` at that name. Repeated directives are left to the machine's own parser.
 */
export function machineOf(text: string, file: string): MachineKind {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const [directive, name] = tokenize(stripComment(lines[index]!));
    if (directive?.text !== '.machine') continue;
    if (name !== undefined && (MACHINES as readonly string[]).includes(name.text)) return name.text as MachineKind;
    const column = name?.column ?? directive.column + directive.text.length;
    const message = name === undefined ? 'expected the machine name after .machine: scoreboard or lrc' : `unknown machine '${name.text}': expected scoreboard or lrc`;
    throw new InputError([{ file, line: index + 1, column, message }]);
  }
  return 'scoreboard';
}
