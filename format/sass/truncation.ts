/**
 * Telling an NVIDIA listing that was cut short (a partial copy, download or paste) from a whole
 * one, so that no verdict ever comes from a kernel cut in the middle: the lines before a cut are
 * a valid listing of their own, and checking them would blame the caller's code for a hazard, or
 * prove safe, a kernel that is not the one they have. Only what each notation guarantees is used:
 *
 * - every notation: a kernel cannot run off its end, so the last kernel of the file ends with an
 *   instruction that never falls through (an unguarded exit, return or jump), NOP padding aside;
 *   ptxas ends every kernel with `EXIT` and a `BRA` to itself;
 * - `cuobjdump -sass`: every `Function : NAME` block ends with a `....` line (checked where the
 *   text shows it is cuobjdump's whole output: a fatbin header, or `....` after another function);
 * - CuAssembler's dump of a whole cubin (its `.__elf_*` header directives): the file ends with
 *   the program segments, closed by a `//---- END of segments ----` comment;
 * - an excerpt of a dump (lines of `cuobjdump -sass` or `nvdisasm` with no `Function :` or
 *   `.section .text.` line, read as one function): it must also start where a function starts,
 *   at address 0 (8 on Maxwell/Pascal, behind the group's control word). Code cut at its start
 *   would be checked with nothing in flight, though what runs before it may leave loads pending
 *   on the registers and scoreboards it uses: a proof or a hazard on it says nothing of the kernel.
 *
 * Kernels before the last are followed by the next one, so only the last can have been cut.
 */
import type { InputProblem } from '../error.js';
import type { SassLine, SassListing } from './listing.js';

/** Said of every listing that stops where no tool stops. */
const CUT_SHORT = 'the listing looks cut short (a partial copy or download?): give the whole file';

/** Opcodes after which the code of a kernel does not go on to the next line, when unguarded. */
const NO_FALL_THROUGH = /^(?:EXIT|RET|BRA|BRX|JMP|JMX|RTT|KIL|KILL|SYNC|BRK|CONT)(?:\.|$)/;

/** Padding after a kernel's last instruction (ptxas aligns each kernel with NOPs). */
const PADDING = /^NOP(?:\.|$)/;

/** `Function : NAME`, NAME demangled or not (as in `cuobjdump.ts`). */
const FUNCTION_HEADER = /^\s*Function\s*:\s*(\S(?:.*\S)?)\s*$/;
const TEXT_SECTION = /^\s*\.section\s+\.text\./;
const SEPARATOR = /^\s*\.{4,}\s*$/;
const FATBIN = /^\s*Fatbin elf code:/m;
const CUASM_ELF = /^\s*\.__elf_\w/m;
const CUASM_END = /^\s*\/\/-+\s*END of segments\s*-+\s*$/m;

/**
 * Where a parsed listing looks cut short (`file:line:col` problems; none for a whole listing).
 * `text` is the listing's text as read, for the notations' own end marks.
 */
export function truncationProblems(listing: SassListing, text: string, file: string): InputProblem[] {
  const lines = text.split(/\r?\n/);
  let lastLine = lines.length;
  while (lastLine > 1 && lines[lastLine - 1]!.trim() === '') lastLine--;
  const at = (line: number, column: number, message: string): InputProblem[] => [{ file, line, column, message }];

  if (listing.notation === 'cuobjdump') {
    const header = lines.findLastIndex((raw) => FUNCTION_HEADER.test(raw));
    // What cuobjdump itself printed (a fatbin's header, or `....` after another function) ends
    // every function so; a hand-made excerpt (a few lines pasted into a test or an issue) need not.
    const printed = FATBIN.test(text) || lines.slice(0, Math.max(header, 0)).some((raw) => SEPARATOR.test(raw));
    if (header >= 0 && printed && !lines.slice(header + 1).some((raw) => SEPARATOR.test(raw))) {
      const name = FUNCTION_HEADER.exec(lines[header]!)![1]!;
      return at(header + 1, lines[header]!.search(/\S/) + 1, `function ${name} has no '....' line after its code: cuobjdump ends every function with one, but the file stops at line ${lastLine}: ${CUT_SHORT}`);
    }
    const start = listing.kernels[0]?.instructions[0];
    const excerpt = header < 0 && !lines.some((raw) => TEXT_SECTION.test(raw));
    if (excerpt && start !== undefined && start.address !== null && start.address !== 0 && start.address !== 8) {
      return at(start.line, start.column, `this excerpt starts at 0x${start.address.toString(16).padStart(4, '0')}, not where a kernel starts (0x0000): what runs before it may still have loads in flight to the registers and scoreboards it uses, so no verdict on it alone would hold; give the listing from its first instruction, /*0000*/ (or the whole cuobjdump -sass output)`);
    }
  }
  if (listing.notation === 'cuasm' && CUASM_ELF.test(text) && !CUASM_END.test(text)) {
    return at(lastLine, 1, `a CuAssembler dump of a whole cubin (it has .__elf_ directives) ends with its program segments and '//---- END of segments ----', but this one stops at line ${lastLine}: ${CUT_SHORT}`);
  }

  const last = [...listing.kernels].sort((a, b) => a.line - b.line).at(-1);
  if (last === undefined) return [];
  let end = last.instructions.length;
  while (end > 0 && PADDING.test(last.instructions[end - 1]!.opcode)) end--;
  const final: SassLine | undefined = last.instructions[end - 1];
  if (final === undefined) {
    const what = last.instructions.length === 0 ? 'no instructions' : 'only NOP padding';
    return at(last.line, 1, `kernel ${last.name} has ${what} before the end of the file (line ${lastLine}): ${CUT_SHORT}`);
  }
  if (final.guard === null && NO_FALL_THROUGH.test(final.opcode)) return [];
  const how = final.guard === null ? `with ${final.opcode}` : `with a guarded ${final.opcode} (which falls through when its predicate is false)`;
  return at(final.line, final.column, `kernel ${last.name} ends at line ${final.line} ${how}, not an EXIT, return or jump: code cannot run off the end of a kernel, so ${CUT_SHORT}`);
}
