/**
 * Importer for maxas listings (NervanaSystems/maxas): one kernel per file, one instruction a line
 * behind its control field, `# Kernel:`/`# Arch:` header comments, labels on lines of their own.
 * The line forms follow maxas' own parser (lib/MaxAs/MaxAs.pm and MaxAsGrammar.pm @54eda7af:
 * `Assemble`, `preProcessLine`, `processAsmLine`, `$CtrlRe`, `readCtrl`). Files that still need
 * the maxas preprocessor (Perl code, scheduling blocks, symbolic names) are refused, located.
 */
import { basename, extname } from 'node:path';
import type { Control } from '../../spec/scoreboard/program.js';
import { InputError, type InputProblem } from '../error.js';
import { LineError } from '../lineSyntax.js';
import type { SassLine, SassListing } from './listing.js';
import { listingLines, locateLineError, parseInstructionText } from './operands.js';

/** maxas' `%jumpOp`: the opcodes whose last operand is a label of the file. */
const JUMP_OPCODES = new Set(['BRA', 'SSY', 'CAL', 'PBK', 'PCNT', 'JCAL']);
/** maxas' label rule: `^([a-zA-Z]\w*):` after leading space. */
const LABEL = /^([A-Za-z]\w*):(.*)$/;
const CONTROL_EXAMPLE = "'--:-:1:Y:d' (wait mask : read barrier : write barrier : yield : stall)";

/**
 * Parses a maxas `.sass` listing (what `maxas.pl -e` extracts, or a hand-scheduled kernel such as
 * `sgemm_final_128.sass`). The control field `WW:R:W:Y:S` is translated to 0-based scoreboards:
 * the wait mask is 2 hex digits whose bit i is barrier i+1, i.e. scoreboard i (`01` waits on
 * scoreboard 0, `20` on 5, `--` on none); read and write barriers are written 1..6 and become
 * scoreboards 0..5 (`-` none); `Y` is the yield hint; the stall is one hex digit (`d` = 13).
 * Operands are kept as written, so `DEPBAR.LE SB1, 5` keeps its already 0-based `SB1`.
 * The kernel is named by `# Kernel: NAME` (else the file name), the architecture by
 * `# Arch: sm_52` (else null). Comments are `#` and `//` to the end of a line.
 * Throws one `InputError` with every malformed line, every branch to an undefined label, and,
 * for a maxas source file, every preprocessor construct instead.
 */
export function parseMaxas(text: string, file: string): SassListing {
  const lines = listingLines(text);
  const { problems: constructs, commentLines } = preprocessorConstructs(lines, file);
  if (constructs.length > 0) throw new InputError(constructs);

  const problems: InputProblem[] = [];
  const instructions: SassLine[] = [];
  const labels: Record<string, number> = {};
  const labelLines = new Map<string, number>();
  let name: string | null = null;
  let kernelLine = 1;
  let architecture: string | null = null;

  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const kernelHeader = /^\s*#\s*Kernel:\s*(\S+)/.exec(raw);
    if (kernelHeader && name === null) [name, kernelLine] = [kernelHeader[1]!, line];
    const archHeader = /^\s*#\s*Arch:\s*(\S+)/.exec(raw);
    if (archHeader && architecture === null) architecture = archHeader[1]!;
    const code = stripComment(raw);
    if (code.trim() === '' || commentLines.has(line)) continue;
    const column = code.length - code.trimStart().length + 1;
    const content = code.trimStart();
    const label = LABEL.exec(content);
    if (label && content.split(/\s/)[0]!.split(':').length === 2) {
      const [labelName, rest] = [label[1]!, label[2]!];
      if (rest.trim() !== '') {
        problems.push({ file, line, column: column + labelName.length + 1 + (rest.length - rest.trimStart().length), message: `expected nothing after the label '${labelName}:' (put the instruction on its own line)` });
      }
      const first = labelLines.get(labelName);
      if (first !== undefined) {
        problems.push({ file, line, column, message: `label '${labelName}' is already defined at line ${first}` });
      } else {
        labels[labelName] = instructions.length;
        labelLines.set(labelName, line);
      }
      continue;
    }
    const instruction = locateLineError(problems, file, line, () => parseInstructionLine(code, column, file, line));
    if (instruction) instructions.push(instruction);
  }

  problems.push(...undefinedTargets(instructions, labels, file), ...symbolicNames(instructions, file));
  if (problems.length > 0) throw new InputError(problems);
  const kernelName = name ?? basename(file, extname(file));
  return { notation: 'maxas', file, architecture, kernels: [{ name: kernelName, line: kernelLine, instructions, labels }] };
}

/** `--:-:1:Y:d      LDG R2, [R51];` with the control field starting at `column`. */
function parseInstructionLine(code: string, column: number, file: string, line: number): SassLine {
  const start = column - 1;
  const space = code.slice(start).search(/\s/);
  const fieldEnd = space < 0 ? code.length : start + space;
  const field = code.slice(start, fieldEnd);
  if (!field.includes(':')) {
    throw new LineError(column, `expected a control field like ${CONTROL_EXAMPLE} followed by an instruction, or a label 'NAME:', got '${field}'`);
  }
  const control = parseControlField(field, column);
  const body = code.slice(fieldEnd);
  if (body.trim() === '') throw new LineError(fieldEnd + 1, 'expected an instruction after the control field');
  const semicolon = body.indexOf(';');
  if (semicolon < 0) throw new LineError(fieldEnd + body.trimEnd().length + 1, `expected ';' at the end of the instruction`);
  const after = body.slice(semicolon + 1);
  if (after.trim() !== '') {
    throw new LineError(fieldEnd + semicolon + 2 + (after.length - after.trimStart().length), `expected nothing but a comment after ';'`);
  }
  const parsed = parseInstructionText(body.slice(0, semicolon + 1), fieldEnd + 1, file, line);
  return { ...parsed, address: null, control };
}

/**
 * Reads maxas' control field (`$CtrlRe` and `readCtrl` in MaxAsGrammar.pm), each part checked on
 * its own so a mistake is located at its column.
 */
function parseControlField(field: string, column: number): Control {
  const parts = field.split(':');
  if (parts.length !== 5) {
    throw new LineError(column, `expected a control field of five ':'-separated parts like ${CONTROL_EXAMPLE}, got '${field}'`);
  }
  const columns: number[] = [];
  parts.reduce((at, part) => (columns.push(at), at + part.length + 1), column);
  const [wait, read, write, yieldFlag, stall] = parts as [string, string, string, string, string];
  const at = (i: number) => columns[i]!;

  let mask = 0;
  if (wait !== '--') {
    if (!/^[0-9a-fA-F]{2}$/.test(wait) || parseInt(wait, 16) > 0x3f) {
      throw new LineError(at(0), `expected the wait mask as 2 hex digits 00..3f (bit i = barrier i+1) or '--', got '${wait}'`);
    }
    mask = parseInt(wait, 16);
  }
  const barrier = (part: string, i: number, what: string): number | null => {
    if (part === '-') return null;
    if (!/^[1-6]$/.test(part)) throw new LineError(at(i), `expected the ${what} barrier 1..6 or '-' (maxas numbers barriers from 1), got '${part}'`);
    return Number(part) - 1;
  };
  const readScoreboard = barrier(read, 1, 'read');
  const writeScoreboard = barrier(write, 2, 'write');
  if (!/^[-yY]$/.test(yieldFlag)) throw new LineError(at(3), `expected the yield flag 'Y' or '-', got '${yieldFlag}'`);
  if (!/^[0-9a-fA-F]$/.test(stall)) throw new LineError(at(4), `expected the stall count as one hex digit 0..f, got '${stall}'`);
  const waits = [0, 1, 2, 3, 4, 5].filter((bit) => (mask & (1 << bit)) !== 0);
  return { wait: waits, readScoreboard, writeScoreboard, yield: yieldFlag !== '-', stall: parseInt(stall, 16) };
}

/** maxas dies on a jump whose target is not a label of the file; say where, with the name. */
function undefinedTargets(instructions: readonly SassLine[], labels: Readonly<Record<string, number>>, file: string): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const instruction of instructions) {
    if (!JUMP_OPCODES.has(instruction.opcode.split('.')[0]!)) continue;
    const target = instruction.operands[instruction.operands.length - 1];
    const column = instruction.operandColumns[instruction.operandColumns.length - 1];
    if (target === undefined || column === undefined) {
      problems.push({ file, line: instruction.line, column: instruction.column, message: `expected a label as the target of ${instruction.opcode}` });
    } else if (!Object.hasOwn(labels, target)) {
      problems.push({ file, line: instruction.line, column, message: `expected a label defined in this file as the target of ${instruction.opcode}, got '${target}'` });
    }
  }
  return problems;
}

/**
 * Symbolic register names (`loadA0`, `tid`) that a `<REGISTER_MAPPING>` would give registers:
 * words starting with a lower-case letter, which no hardware name does (`R5`, `P0`, `SR_TID.X`,
 * `c[0x0][0x148]`, `1D`, `.reuse` suffixes are not matched). Jump targets are labels and skipped.
 * Reported once per name, at its first use.
 */
function symbolicNames(instructions: readonly SassLine[], file: string): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const instruction of instructions) {
    const jump = JUMP_OPCODES.has(instruction.opcode.split('.')[0]!);
    instruction.operands.forEach((operand, i) => {
      if (jump && i === instruction.operands.length - 1) return;
      for (const match of operand.matchAll(/(?<![\w.$])(?!c\[)[a-z]\w*/g)) {
        if (seen.has(match[0])) continue;
        seen.add(match[0]);
        problems.push({ file, line: instruction.line, column: instruction.operandColumns[i]! + match.index, message: `'${match[0]}' is a symbolic register name, which maxas assigns only when it assembles the kernel (maxas.pl -i); import the assembled kernel instead (maxas.pl -e, or cuobjdump -sass)` });
      }
    });
  }
  return problems;
}

/** What each maxas preprocessor construct is, for the message. */
const BLOCKS: Readonly<Record<string, string>> = {
  CODE: 'a <CODE> block (Perl code generating instructions)',
  SCHEDULE_BLOCK: 'a <SCHEDULE_BLOCK> (instructions for maxas to schedule)',
  CONSTANT_MAPPING: 'a <CONSTANT_MAPPING> block (symbolic names for constants)',
  REGISTER_MAPPING: 'a <REGISTER_MAPPING> block (symbolic register names)',
  INCLUDE: 'an <INCLUDE> of another file',
};
const PREPROCESS = 'this is a maxas source file: run it through the maxas preprocessor first (maxas.pl -p IN.sass OUT.sass)';
const ASSEMBLE = 'symbolic registers get numbers only when maxas assembles the kernel (maxas.pl -i), not from maxas.pl -p; import the assembled kernel instead (maxas.pl -e, or cuobjdump -sass)';

/**
 * The constructs `Preprocess` in MaxAs.pm expands, one problem at the opening of each top-level
 * one: `<CODE>`, `<SCHEDULE_BLOCK>`, `<CONSTANT_MAPPING>`, `<REGISTER_MAPPING>`, `<INCLUDE>` and
 * inline Perl `[+ ... +]` / `[- ... -]` (`$InlineRe`). The text inside a block is not read.
 * `<COMMENT>` blocks are comments to maxas too: their lines are returned, to be skipped.
 */
function preprocessorConstructs(lines: readonly string[], file: string): { problems: InputProblem[]; commentLines: Set<number> } {
  const problems: InputProblem[] = [];
  const commentLines = new Set<number>();
  const whole = lines.join('\n');
  const offsets: number[] = [];
  lines.reduce((offset, text) => (offsets.push(offset), offset + text.length + 1), 0);
  let block: string | null = null;
  let inline: string | null = null;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (block !== null) {
      if (block === 'COMMENT') commentLines.add(line);
      if (new RegExp(`^\\s*</${block}>`).test(raw)) block = null;
      continue;
    }
    let scanFrom = 0;
    if (inline !== null) {
      const end = raw.indexOf(inline);
      if (end < 0) continue;
      [scanFrom, inline] = [end + 2, null];
    }
    const tag = /^(\s*)<(CODE\d*|SCHEDULE_BLOCK|CONSTANT_MAPPING|REGISTER_MAPPING|INCLUDE|COMMENT)\b/.exec(raw);
    if (tag && scanFrom === 0) {
      const kind = tag[2]!;
      if (kind !== 'INCLUDE') block = kind;
      if (kind === 'COMMENT') {
        commentLines.add(line);
        continue;
      }
      const what = BLOCKS[kind.replace(/\d+$/, '')]!;
      problems.push({ file, line, column: tag[1]!.length + 1, message: `${what}: ${kind === 'REGISTER_MAPPING' ? ASSEMBLE : PREPROCESS}` });
      continue;
    }
    const code = stripComment(raw);
    for (let at = code.indexOf('[', scanFrom); at >= 0 && inline === null; at = code.indexOf('[', at + 1)) {
      const sign = code[at + 1];
      if (sign !== '+' && sign !== '-') continue;
      const closer = `${sign}]`;
      if (sign === '-' && whole.indexOf(closer, offsets[index]! + at + 2) < 0) continue;
      problems.push({ file, line, column: at + 1, message: `inline Perl code '[${sign} ... ${sign}]': ${PREPROCESS}` });
      const end = code.indexOf(closer, at + 2);
      if (end < 0) inline = closer;
      else at = end + 1;
    }
  }
  return { problems, commentLines };
}

/** Drops a `#` or `//` comment (maxas' `preProcessLine`). */
function stripComment(raw: string): string {
  const at = raw.search(/#|\/\//);
  return at < 0 ? raw : raw.slice(0, at);
}
