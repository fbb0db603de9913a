/**
 * Control flow from the encoding's meaning: for every control-flow opcode of every architecture
 * table, where control may go after it (its successors in the graph the analysis walks), and a
 * verdict that is never `proved-safe` when the model cannot read where control goes. A predicate
 * operand (`BRA.U !UP0, ...`, `@!P0 BRA P1, ...`), a condition code, or a convergence test
 * (`BRA.DIV UR4, ...`) keeps the fall-through just as a guard does.
 */
import { describe, expect, it } from 'vitest';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import type { SassKernel, SassLine } from '../../../format/sass/listing.js';
import { lowerKernel, type LoweringNote } from '../../../format/sass/lower.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { ARCHITECTURES } from '../../../spec/sass/architectures/index.js';
import { baseOpcode } from '../../../spec/sass/operandRegisters.js';
import { successors } from '../../../spec/sass/successors.js';
import { line, table } from './listedLine.js';

/** Maxwell/Pascal tables (64-bit instructions behind control words) and the Volta-and-later ones. */
const MAXWELL = ARCHITECTURES.filter((t) => t.name === 'sm_50' || t.name === 'sm_61');
const VOLTA = ARCHITECTURES.filter((t) => !MAXWELL.includes(t));

/** Where the instruction under test may send control, by name: see `layout`. */
type Place = 'opener' | 'next' | 'target' | 'after call' | 'callee' | 'caller';

/** One row: the instruction, what must come before it, where it may go; `unknown` when the model must refuse to follow it. */
interface Row {
  readonly text: string;
  /** Instruction 0 (an opener for SYNC/BRK/CONT/ENDCOLLECTIVE); `NOP` by default. */
  readonly prelude?: string;
  /** Put a call to T at instruction 4, so a return has a site (instruction 5). */
  readonly call?: string;
  readonly goes: readonly Place[];
  /** The verdict must be held back: an `unsupported` note at the instruction naming this. */
  readonly unknown?: RegExp;
}

/**
 * The kernel every row runs in:
 * 0 prelude; 1 the instruction; 2 NOP (`next`); 3 `T:` NOP (`target`, also at address 0x30 on
 * Volta+, 0x28 on Maxwell/Pascal); 4 EXIT or a call to T; 5 EXIT (`after call`).
 */
function layout(row: Row, maxwell: boolean): SassKernel {
  const texts = [row.prelude ?? 'NOP', row.text, 'NOP', 'NOP', row.call ?? 'EXIT', 'EXIT'];
  // Maxwell/Pascal addresses skip the control word at each 32-byte boundary.
  const addresses = maxwell ? [0x08, 0x10, 0x18, 0x28, 0x30, 0x38] : [0x00, 0x10, 0x20, 0x30, 0x40, 0x50];
  const instructions: SassLine[] = texts.map((text, index) => ({ ...line(text), line: index + 1, address: addresses[index]! }));
  return { name: 'k', line: 1, instructions, labels: { T: 3, '.L_x_1': 3 } };
}

// 6: the dispatcher a call through a register may branch to, to the code no other path reaches (here instruction 5).
const PLACES: Readonly<Record<number, Place>> = { 0: 'opener', 2: 'next', 3: 'target', 5: 'after call', 6: 'callee' };

function lowered(row: Row, architecture: ArchitectureTable) {
  const { program, notes } = lowerKernel(layout(row, MAXWELL.includes(architecture)), architecture);
  // A return with no call goes on to a stand-in for the caller outside the listing.
  const goes = successors(program)[1]!.map((index) => (program.instructions[index]?.outsideListing !== undefined ? 'caller' : PLACES[index] ?? `instruction ${index}`)).sort();
  return { program, goes, notes: notes.filter((note) => note.line === 2 && note.kind !== 'assumption') };
}

/** Rows of Volta and later (sm_70 .. sm_120). */
const VOLTA_ROWS: readonly Row[] = [
  { text: 'BRA `(T)', goes: ['target'] },
  { text: 'BRA 0x30', goes: ['target'] },
  { text: '@P0 BRA `(T)', goes: ['next', 'target'] },
  { text: 'BRA.U !UP0, 0x30', goes: ['next', 'target'] },
  { text: 'BRA.U UP1, `(T)', goes: ['next', 'target'] },
  { text: 'BRA P0, `(T)', goes: ['next', 'target'] },
  { text: 'BRA !P1, `(T)', goes: ['next', 'target'] },
  { text: '@!P0 BRA P1, 0x30', goes: ['next', 'target'] },
  { text: 'BRA PT, `(T)', goes: ['target'] },
  { text: 'BRA.U `(T)', goes: ['target'] },
  { text: 'BRA.DIV UR4, `(T)', goes: ['next', 'target'] },
  { text: 'BRA.DIV ~URZ, 0x30', goes: ['next', 'target'] },
  { text: 'BRA.CONV UR4, `(T)', goes: ['next', 'target'] },
  // ptxas for sm_70 and sm_75 writes no thread mask (the warp's own); nvdisasm's graph gives the same two successors.
  { text: 'BRA.DIV 0x30', goes: ['next', 'target'] },
  { text: 'BRA.CONV `(T)', goes: ['next', 'target'] },
  // .ANY: the warp branches where any thread's guard holds, so neither way is ruled out by this thread's guard.
  { text: '@P1 BRA.U.ANY 0x30', goes: ['next', 'target'] },
  { text: 'BRA.ANY `(T)', goes: ['next', 'target'] },
  { text: 'JMP `(T)', goes: ['target'] },
  { text: '@P2 JMP `(T)', goes: ['next', 'target'] },
  // Targets the model cannot see: refused, only the fall-through a guard or condition gives is followed.
  { text: 'BRX R4 -0x130', goes: [], unknown: /indirect branch/ },
  { text: '@P0 BRX R4 -0x130', goes: ['next'], unknown: /indirect branch/ },
  { text: 'JMX R2', goes: [], unknown: /indirect branch/ },
  { text: 'BRA 0x38', goes: [], unknown: /0x38 is no instruction address/ },
  { text: 'BRA.U !UP0, 0x38', goes: ['next'], unknown: /0x38 is no instruction address/ },
  { text: 'BRA', goes: [], unknown: /BRA names no target/ },
  { text: 'BRA R2, `(T)', goes: [], unknown: /BRA names no target/ },
  { text: 'BRA.DIV UR4', goes: [], unknown: /BRA names no target/ },
  { text: 'BRA.INC `(T)', goes: [], unknown: /modifier \.INC of BRA/ },
  { text: 'BRA `(T), 0x40', goes: [], unknown: /operand 0x40 of BRA/ },
  // Calls: to a label in the kernel, or opaque (an assumption, and control goes on).
  { text: 'CALL.REL.NOINC `(T)', goes: ['target'] },
  { text: 'CALL.ABS.NOINC `(T)', goes: ['target'] },
  { text: '@P0 CALL.REL.NOINC `(T)', goes: ['next', 'target'] },
  { text: 'CALL.REL.NOINC R6 `(T)', goes: ['next', 'callee'] },
  { text: 'CALL.ABS.NOINC `(vprintf)', goes: ['next'] },
  // An absolute address is the callee's, filled in by the loader (cuobjdump prints 0x0): never an address of this listing.
  { text: 'CALL.ABS.NOINC 0x0', goes: ['next'] },
  { text: 'CALL.ABS.NOINC 0x30', goes: ['next'] },
  { text: '@P0 CALL.ABS.NOINC 0x0', goes: ['next'] },
  // A relative one is within the function (CALL.REL.NOINC 0x0: the function calls itself).
  { text: 'CALL.REL.NOINC 0x30', goes: ['target'] },
  { text: 'CALL.REL.NOINC', goes: [], unknown: /CALL names no target/ },
  // Returns: back after every call of the kernel; with no call, to code outside it (refused).
  { text: 'RET.REL.NODEC R20 0x0', call: 'CALL.REL.NOINC `(T)', goes: ['after call'] },
  { text: 'RET.REL.NODEC R20 `(T)', call: 'CALL.ABS.NOINC `(T)', goes: ['after call'] },
  { text: '@P0 RET.REL.NODEC R20 0x0', call: 'CALL.REL.NOINC `(T)', goes: ['after call', 'next'] },
  { text: 'RET.REL.NODEC R20 0x0', goes: ['caller'] },
  { text: 'RET.REL.NODEC R20 0x0, R4', call: 'CALL.REL.NOINC `(T)', goes: [], unknown: /operand R4 of RET/ },
  // Exits.
  { text: 'EXIT', goes: [] },
  { text: '@P0 EXIT', goes: ['next'] },
  { text: 'EXIT P1', goes: ['next'] },
  { text: 'EXIT.KEEPREFCOUNT', goes: [] },
  { text: 'EXIT.SOMEDAY', goes: [], unknown: /modifier \.SOMEDAY of EXIT/ },
  { text: 'KILL', goes: [] },
  { text: '@!P3 KILL', goes: ['next'] },
  { text: 'KIL', goes: [] },
  // Convergence barriers and warp synchronisation: no transfer, or a conditional one.
  { text: 'BSSY B0, `(T)', goes: ['next'] },
  { text: 'BSSY.RECONVERGENT B1, 0x30', goes: ['next'] },
  { text: 'BSSY B0', goes: [], unknown: /BSSY names no target/ },
  { text: 'BSYNC B0', goes: ['next'] },
  { text: 'BSYNC.RECONVERGENT B0', goes: ['next'] },
  { text: 'BREAK B1', goes: ['next'] },
  { text: 'BREAK !P0, B1', goes: ['next'] },
  { text: 'WARPSYNC 0xffffffff', goes: ['next'] },
  { text: 'WARPSYNC R2', goes: ['next'] },
  { text: 'WARPSYNC.EXCLUSIVE R5', goes: ['next'] },
  { text: '@P0 WARPSYNC.ALL', goes: ['next'] },
  { text: 'WARPSYNC.COLLECTIVE R15, `(T)', goes: ['next', 'target'] },
  { text: 'WARPSYNC.COLLECTIVE.ALL `(T)', goes: ['next', 'target'] },
  { text: 'WARPSYNC.COLLECTIVE R15', goes: [], unknown: /WARPSYNC names no target/ },
  { text: 'WARPSYNC', goes: [], unknown: /WARPSYNC names no thread mask/ },
  { text: 'BPT.TRAP 0x1', goes: ['next'] },
  { text: '@P1 BPT.TRAP 0x1', goes: ['next'] },
  { text: 'YIELD', goes: ['next'] },
  { text: 'NANOSLEEP 0xf4240', goes: ['next'] },
  { text: 'NANOSLEEP R0', goes: ['next'] },
  { text: 'PMTRIG 0x1', goes: ['next'] },
];

/** ENDCOLLECTIVE: only sm_90's table has it. */
const HOPPER_ROWS: readonly Row[] = [
  { prelude: 'WARPSYNC.COLLECTIVE R15, `(T)', text: 'ENDCOLLECTIVE', goes: ['next', 'opener'] },
  { text: 'ENDCOLLECTIVE', goes: [], unknown: /no WARPSYNC.COLLECTIVE before this ENDCOLLECTIVE/ },
];

/** Rows of Maxwell and Pascal (sm_50, sm_61). */
const MAXWELL_ROWS: readonly Row[] = [
  { text: 'BRA T', goes: ['target'] },
  { text: 'BRA 0x28', goes: ['target'] },
  { text: 'BRA.U T', goes: ['target'] },
  { text: '@P0 BRA.U T', goes: ['next', 'target'] },
  { text: 'BRA CC.NE, T', goes: ['next', 'target'] },
  { text: 'BRA CC.T, T', goes: ['target'] },
  { text: 'BRA P1, T', goes: ['next', 'target'] },
  // 0x20 is the control word of the group whose first instruction is at 0x28 (T): the group runs from there
  // (ptxas' trailing self-loop at 0xe8 is printed `BRA 0xe0`); 0x40 names a group with no instruction in the kernel.
  { text: 'BRA 0x20', goes: ['target'] },
  { text: '@P0 BRA 0x20', goes: ['next', 'target'] },
  { text: 'BRA 0x40', goes: [], unknown: /0x40 is no instruction address of this kernel/ },
  { text: 'JMP T', goes: ['target'] },
  { text: 'BRX R2 -0x110', goes: [], unknown: /indirect branch/ },
  { text: 'JMX R2', goes: [], unknown: /indirect branch/ },
  { text: 'BRX R2 -0x110 (*"INDIRECT_CALL"*)', goes: ['next', 'callee'] },
  { text: 'CAL T', goes: ['target'] },
  { text: 'JCAL `(T)', goes: ['target'] },
  { text: 'JCAL `(vprintf)', goes: ['next'] },
  // JCAL is the absolute call: an address is the loader's to fill in (cuobjdump prints JCAL 0x0); CAL is relative.
  { text: 'JCAL 0x0', goes: ['next'] },
  { text: 'JCAL 0x28', goes: ['next'] },
  { text: 'CAL 0x28', goes: ['target'] },
  { text: 'RET', call: 'CAL T', goes: ['after call'] },
  { text: '@P0 RET', call: 'CAL T', goes: ['after call', 'next'] },
  { text: 'RET', goes: ['caller'] },
  { text: 'EXIT', goes: [] },
  { text: '@P0 EXIT', goes: ['next'] },
  { text: 'KIL', goes: [] },
  // SSY/PBK/PCNT open a region; SYNC/BRK/CONT go to its end, the innermost matching opener's target.
  { text: 'SSY T', goes: ['next'] },
  { text: 'PBK `(T)', goes: ['next'] },
  { text: 'PCNT `(T)', goes: ['next'] },
  { text: 'SSY', goes: [], unknown: /SSY names no target/ },
  { prelude: 'SSY T', text: 'SYNC', goes: ['target'] },
  { prelude: 'PBK T', text: 'BRK', goes: ['target'] },
  { prelude: 'PBK T', text: '@!P0 BRK (*"BRANCH_TARGETS .L_x_1"*)', goes: ['next', 'target'] },
  { prelude: 'PCNT T', text: 'CONT', goes: ['target'] },
  { prelude: 'PCNT T', text: 'CONT CC.EQ', goes: ['next', 'target'] },
  { text: 'SYNC', goes: [], unknown: /no enclosing SSY region/ },
  { prelude: 'SSY 0x20', text: 'SYNC', goes: ['target'] },
  { prelude: 'SSY 0x40', text: 'SYNC', goes: [], unknown: /ends at 0x40, is no instruction address/ },
  { prelude: 'PBK T', text: 'SYNC', goes: [], unknown: /no enclosing SSY region/ },
  // PRET is accepted only right before the indirect call that returns to its target.
  { text: 'PRET T', goes: ['next'], unknown: /PRET makes a later RET return to T/ },
  { prelude: 'PRET T', text: 'BRX R2 -0x110 (*"INDIRECT_CALL"*)', goes: ['next', 'callee'] },
  // As cuobjdump prints it (no note): a jump through a register right after the PRET of the
  // address after it is that call (ptxas -O0 for sm_50, callchain.ll: PRET 0x60; JMX R4; RET).
  { prelude: 'PRET 0x18', text: 'JMX R2', goes: ['next', 'callee'] },
  { prelude: 'PRET 0x18', text: 'BRX R2 -0x110', goes: ['next', 'callee'] },
  // A PRET of any other address leaves the jump unknown.
  { prelude: 'PRET 0x28', text: 'JMX R2', goes: [], unknown: /indirect branch/ },
  { text: 'PEXIT T', goes: [], unknown: /PEXIT changes where a later instruction goes/ },
  { text: 'BPT.TRAP 0x1', goes: ['next'] },
  { text: 'SAM', goes: ['next'] },
  { text: 'RAM', goes: ['next'] },
  { text: 'SETCRSPTR R2', goes: ['next'] },
];

function check(rows: readonly Row[], tables: readonly ArchitectureTable[]) {
  const cases = tables.flatMap((t) => rows.filter((row) => Object.hasOwn(t.opcodes, baseOpcode(line(row.text).opcode))).map((row) => [t.name, row.text, row, t] as const));
  it.each(cases)('%s: %s', (_name, _text, row, architecture) => {
    const { goes, notes } = lowered(row, architecture);
    expect(goes).toEqual([...row.goes].sort());
    const blocking = notes.filter((note) => note.kind === 'unsupported');
    if (row.unknown) expect(blocking.map((note) => note.message)).toContainEqual(expect.stringMatching(row.unknown));
    else expect(blocking).toEqual([]);
  });
}

describe('successors of every control-flow opcode, Volta and later', () => check(VOLTA_ROWS, VOLTA));
describe('successors of ENDCOLLECTIVE (sm_90)', () => check(HOPPER_ROWS, ARCHITECTURES.filter((t) => Object.hasOwn(t.opcodes, 'ENDCOLLECTIVE'))));
describe('successors of every control-flow opcode, Maxwell and Pascal', () => check(MAXWELL_ROWS, MAXWELL));

/** Opcodes that transfer control or govern where it goes: every one in a table must have a row. */
const CONTROL = new Set(['BSSY', 'BSYNC', 'BREAK', 'WARPSYNC', 'ENDCOLLECTIVE', 'BPT', 'YIELD', 'NANOSLEEP', 'SSY', 'PBK', 'PCNT', 'PRET', 'PEXIT', 'SAM', 'RAM', 'SETCRSPTR', 'PMTRIG']);

describe('coverage', () => {
  it.each(ARCHITECTURES.map((t) => [t.name, t] as const))('%s: every branch-like opcode of the table has a row', (_name, architecture) => {
    const rows = [...(MAXWELL.includes(architecture) ? MAXWELL_ROWS : [...VOLTA_ROWS, ...HOPPER_ROWS])];
    const covered = new Set(rows.map((row) => baseOpcode(line(row.text).opcode)));
    const controlFlow = Object.entries(architecture.opcodes).filter(([name, info]) => ['branch', 'call', 'return', 'exit', 'sync'].includes(info.kind) || CONTROL.has(name)).map(([name]) => name);
    expect(controlFlow.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(ARCHITECTURES.map((t) => [t.name, t] as const))('%s: an opcode the table lacks whose name is control flow is never followed', (_name, architecture) => {
    for (const text of ['BRA2 `(T)', 'CALLX `(T)', 'PLONGJMP `(T)', 'LONGJMP R2', 'RTT', 'BSYNCX B0', 'PEXIT2']) {
      if (Object.hasOwn(architecture.opcodes, baseOpcode(line(text).opcode))) continue;
      const { goes, notes } = lowered({ text, goes: [] }, architecture);
      expect(goes, text).toEqual([]);
      expect(notes.map((note) => note.kind)).toEqual(expect.arrayContaining(['unknown-opcode', 'unsupported']));
      expect(notes.find((note) => note.kind === 'unsupported')!.message).toContain(baseOpcode(line(text).opcode));
    }
  });
});

/**
 * A small sm_90 kernel in CuAssembler notation: a load, then a transfer decided by something the
 * model does not know, whose fall-through reads the load's result after waiting on its scoreboard.
 */
function kernel(transfer: string, waitOnLoad: boolean): { program: Parameters<typeof checkSassProgram>[0]; notes: readonly LoweringNote[] } {
  const text = [
    '\t.section\t.text.k,"ax",@progbits',
    '      [B------:R-:W0:-:S01] /*0000*/ LDG.E R5, [R2.64] ;',
    '      [B------:R-:W-:-:S05] /*0010*/ MOV R7, 0x1 ;',
    `      [B------:R-:W-:-:S05] /*0020*/ ${transfer} ;`,
    `      [${waitOnLoad ? 'B0-----' : 'B------'}:R-:W-:-:S04] /*0030*/ IADD3 R6, R5, 0x1, RZ ;`,
    '      [B------:R-:W-:-:S05] /*0040*/ EXIT ;',
    '      [B0-----:R-:W-:-:S05] /*0050*/ EXIT ;',
  ].join('\n');
  return lowerKernel(parseCuasm(text, 'k.cuasm').kernels[0]!, table('sm_90'));
}

describe('end to end on sm_90: the fall-through of a conditional branch is checked', () => {
  it.each([
    'BRA.U !UP0, 0x50',
    'BRA.U UP0, 0x50',
    'BRA P0, 0x50',
    '@!P1 BRA P0, 0x50',
    'BRA.DIV UR4, 0x50',
    'BRA.CONV UR4, 0x50',
    'BRA.DIV 0x50',
    'BRA.CONV 0x50',
    '@P1 BRA.U.ANY 0x50',
  ])('%s: proved safe with the wait, never proved safe without it', (transfer) => {
    const safe = kernel(transfer, true);
    expect(checkSassProgram(safe.program, safe.notes).verdict).toBe('proved-safe');
    const cleared = kernel(transfer, false);
    const result = checkSassProgram(cleared.program, cleared.notes);
    expect(result.verdict, result.reason).not.toBe('proved-safe');
    expect(result.verdict).toBe('hazard');
    expect(result.hazards.map(({ hazard }) => hazard)).toContainEqual(expect.objectContaining({ kind: 'RAW', register: 'R5' }));
  });

  it('an unconditional branch still skips its fall-through', () => {
    const cleared = kernel('BRA 0x50', false);
    expect(checkSassProgram(cleared.program, cleared.notes).verdict).toBe('proved-safe');
  });

  it('BRA.ANY may be taken where this thread\'s own guard is false (another thread\'s holds)', () => {
    // P1 is false past the first branch's fall-through; the warp may still take `@P1 BRA.U.ANY`,
    // and its target reads the load's result with no wait.
    const text = (wait: string) => [
      '\t.section\t.text.k,"ax",@progbits',
      '      [B------:R-:W0:-:S01] /*0000*/ LDG.E R5, [R2.64] ;',
      '      [B------:R-:W-:-:S05] /*0010*/ @P1 BRA 0x60 ;',
      '      [B------:R-:W-:-:S05] /*0020*/ @P1 BRA.U.ANY 0x50 ;',
      '      [B0-----:R-:W-:-:S04] /*0030*/ IADD3 R6, R5, 0x1, RZ ;',
      '      [B------:R-:W-:-:S05] /*0040*/ EXIT ;',
      `      [${wait}:R-:W-:-:S04] /*0050*/ IADD3 R6, R5, 0x1, RZ ;`,
      '      [B0-----:R-:W-:-:S05] /*0060*/ EXIT ;',
    ].join('\n');
    const run = (wait: string) => {
      const { program, notes } = lowerKernel(parseCuasm(text(wait), 'k.cuasm').kernels[0]!, table('sm_90'));
      return checkSassProgram(program, notes);
    };
    const cleared = run('B------');
    expect(cleared.verdict, cleared.reason).toBe('hazard');
    expect(cleared.hazards.map(({ hazard }) => hazard)).toContainEqual(expect.objectContaining({ kind: 'RAW', register: 'R5', consumer: 5 }));
    expect(run('B0-----').verdict).toBe('proved-safe');
  });
});
