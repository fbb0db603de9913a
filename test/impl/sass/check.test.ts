import { describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { replayPath } from '../../../explore/run.js';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import type { LoweringNote } from '../../../format/sass/lower.js';
import { lowerKernel } from '../../../format/sass/lower.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { pathThrough } from '../../../impl/sass/path.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { section } from '../../cli/cuasmScratch.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import { alu, branch, depbar, exit, load, program } from '../../spec/sass/build.js';

const SAFE: Record<string, SassProgram> = {
  'a waiter with stall 2 after its load': program([load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), alu('R1', ['R0'], { wait: [0] })]),
  'DEPBAR.LE SB0, 1 on an ordered queue': program([
    load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), load('R1', ['R5'], { writeScoreboard: 0, stall: 2 }), depbar(0, 1, { stall: 2 }), alu('R2', ['R0']),
  ]),
  'a loop whose head waits for the load at its end': program([
    alu('R1', ['R0'], { wait: [0], stall: 2 }), load('R0', ['R4'], { wait: [0], writeScoreboard: 0, stall: 2 }), branch(0, { guard: 'P0', stall: 2 }), exit(),
  ]),
  'a read scoreboard protecting an address register': program([
    load('R0', ['R4'], { readScoreboard: 1, writeScoreboard: 0, stall: 2 }), alu('R4', ['R5'], { wait: [1] }), alu('R1', ['R0'], { wait: [0] }),
  ]),
};

const UNSAFE: Record<string, { program: SassProgram; kind: string; register: string }> = {
  'a waiter with stall 1 after its load (visibility delay 2)': {
    program: program([load('R0', ['R4'], { writeScoreboard: 0, stall: 1 }), alu('R1', ['R0'], { wait: [0] })]), kind: 'RAW', register: 'R0',
  },
  'DEPBAR.LE SB0, 1 on an unordered queue': {
    program: program([
      load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), load('R1', ['R5'], { writeScoreboard: 0, stall: 2 }), depbar(0, 1, { stall: 2 }), alu('R2', ['R0']),
    ], { ordered: false }),
    kind: 'RAW', register: 'R0',
  },
  'a guarded load whose consumer does not wait': {
    program: program([load('R0', ['R4'], { guard: 'P0', writeScoreboard: 0, stall: 2 }), alu('R1', ['R0'])]), kind: 'RAW', register: 'R0',
  },
  'a loop whose head reads what the previous iteration loaded, without a wait': {
    program: program([
      alu('R1', ['R0'], { stall: 2 }), load('R0', ['R4'], { wait: [0], writeScoreboard: 0, stall: 2 }), branch(0, { guard: 'P0', stall: 2 }), exit(),
    ]),
    kind: 'RAW', register: 'R0',
  },
  'an address register overwritten without waiting for the read scoreboard': {
    program: program([load('R0', ['R4'], { readScoreboard: 1, writeScoreboard: 0, stall: 2 }), alu('R4', ['R5']), alu('R1', ['R0'], { wait: [0] })]),
    kind: 'WAR', register: 'R4',
  },
  'an alu result read too soon by an alu reader': {
    program: program([alu('R0', ['R4'], { latency: 3, stall: 1 }), alu('R1', ['R0'])], { readAfterWrite: { general: { alu: { alu: 3, mem: 1 } } } }),
    kind: 'RAW', register: 'R0',
  },
};

describe('checkSassProgram', () => {
  it.each(Object.entries(SAFE))('proves safe: %s', (_name, kernel) => {
    const result = checkSassProgram(kernel, []);
    expect(result.verdict).toBe('proved-safe');
    expect(result.hazards).toEqual([]);
    expect(result.unconfirmed).toEqual([]);
    // The proof agrees with every schedule of the reference machine.
    const exploration = exploreAll(sassSystem(kernel), { maxStates: 200_000 });
    expect(exploration.complete).toBe(true);
    expect(exploration.witnesses).toEqual([]);
  });

  it.each(Object.entries(UNSAFE))('finds the hazard with a schedule the reference machine replays: %s', (_name, { program: kernel, kind, register }) => {
    const result = checkSassProgram(kernel, []);
    expect(result.verdict).toBe('hazard');
    expect(result.hazards.length).toBeGreaterThan(0);
    expect(result.hazards[0]!.hazard).toMatchObject({ kind, register });
    for (const { hazard, schedule } of result.hazards) {
      const replayed = replayPath(sassSystem(kernel), schedule);
      const same = replayed.findings.filter((found) => found.kind === hazard.kind && (found.kind === 'overflow' || (hazard.kind !== 'overflow' && found.register === hazard.register)));
      expect(same.length, `replaying the schedule of ${JSON.stringify(hazard)}`).toBeGreaterThan(0);
      if (hazard.kind !== 'overflow') expect(same[0]).toMatchObject({ producer: hazard.producer, consumer: hazard.consumer });
    }
  });

  it('calls a kernel with an instruction outside the model unknown, naming its line', () => {
    const kernel = SAFE['a waiter with stall 2 after its load']!;
    const note: LoweringNote = { kind: 'unknown-opcode', line: 7, column: 9, message: 'opcode FOO is not in the sm_75 table' };
    const result = checkSassProgram(kernel, [note]);
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('line 7');
    expect(result.notes).toEqual([note]);
    expect(checkSassProgram(kernel, [{ ...note, kind: 'unsupported' }]).verdict).toBe('unknown');
  });

  it('an assumption note does not block a proof, but the reason states it', () => {
    const kernel = SAFE['a waiter with stall 2 after its load']!;
    const result = checkSassProgram(kernel, [{ kind: 'assumption', line: 3, column: 1, message: 'call through a register' }]);
    expect(result.verdict).toBe('proved-safe');
    expect(result.reason).toMatch(/assuming what 1 note/);
  });

  it('a hazard shown by a schedule wins over notes on other instructions', () => {
    const { program: kernel } = UNSAFE['a waiter with stall 1 after its load (visibility delay 2)']!;
    expect(checkSassProgram(kernel, [{ kind: 'unknown-opcode', line: 999, column: 1, message: 'x' }]).verdict).toBe('hazard');
  });

  it('a hazard through an instruction the table does not know is unknown: the guess is conservative, not the listing', () => {
    const { program: kernel } = UNSAFE['a waiter with stall 1 after its load (visibility delay 2)']!;
    const result = checkSassProgram(kernel, kernel.instructions.map((instruction) => ({ kind: 'unknown-opcode' as const, line: instruction.line, column: 1, message: 'x' })));
    expect(result.verdict).toBe('unknown');
    expect(result.hazards.length).toBeGreaterThan(0);
    expect(result.reason).toMatch(/outside the model/);
  });

  describe('agreement with the reference machine when a scoreboard is released while its increment is still hidden', () => {
    // SB0 is the write scoreboard of a load (visible by the time the store issues) and the read
    // scoreboard of a store. The store may read its sources the cycle after it issues, while its own
    // increment is still hidden (visibility delay 2): the machine then subtracts that hidden increment
    // from a counter that no longer holds it, the waiter sees 0 while the load is still in flight, and
    // reads R0 early. The analysis assumes the load's visible increment is seen and proves it safe.
    // The same on sm_75 as a listing:
    //   [B------:R-:W0:-:S03] LDG.E.SYS R0, [R4] ;
    //   [B------:R0:W-:-:S01] STG.E.SYS [R6], R8 ;
    //   [B0-----:R-:W-:-:S04] IADD3 R1, R0, 0x1, RZ ;
    const kernel = program([
      load('R0', ['R4'], { writeScoreboard: 0, stall: 3 }),
      load('R9', ['R6'], { readScoreboard: 0, stall: 1 }),
      alu('R1', ['R0'], { wait: [0] }),
    ], { ordered: false });

    it('the machine explores it completely', () => {
      expect(exploreAll(sassSystem(kernel), { maxStates: 200_000 }).complete).toBe(true);
    });

    // Regression: a store released its read scoreboard before its increment showed, and the machine subtracted the increment anyway.
    it('proved-safe only when no schedule of the machine has a hazard, hazard only when one has', () => {
      const witnesses = exploreAll(sassSystem(kernel), { maxStates: 200_000 }).witnesses.map(({ finding }) => finding);
      const { verdict } = checkSassProgram(kernel, []);
      if (verdict === 'proved-safe') expect(witnesses).toEqual([]);
      if (witnesses.length > 0) expect(verdict).toBe('hazard');
    });
  });

  it('a lowered listing with an unknown opcode is unknown even when nothing waits on it', () => {
    const text = [
      '\t.section\t.text.k,"ax",@progbits',
      // Stall 8: an opcode the table does not know reads MOV's result only after MOV's worst-case latency.
      '      [B------:R-:W-:-:S08] /*0000*/ MOV R1, RZ ;',
      '      [B------:R-:W-:-:S04] /*0010*/ FROBNICATE R2, R1 ;',
      '      [B------:R-:W-:-:S04] /*0020*/ EXIT ;',
    ].join('\n');
    const { program: kernel, notes } = lowerKernel(parseCuasm(text, 'k.cuasm').kernels[0]!, architectureTable('sm_75')!);
    expect(notes.map((note) => [note.kind, note.line])).toEqual([['unknown-opcode', 3]]);
    const result = checkSassProgram(kernel, notes);
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('line 3');
  });
});

describe('directed runs through long stalls and repeated calls', () => {
  it('a WAR shown only after 150 instructions of 15-cycle stalls (ptxas -O0) is still shown: the step bound grows with the stalls', () => {
    // The load reads R4 whenever it likes; R4 is overwritten with no wait; the thread gets stuck
    // (waiting on the load's read scoreboard) only at the end, after 45 actions per instruction.
    const fillers = Array.from({ length: 150 }, (_, index) => alu(`R${20 + (index % 40)}`, ['R9'], { stall: 15 }));
    const kernel = program([load('R0', ['R4'], { readScoreboard: 1, writeScoreboard: 0, stall: 15 }), ...fillers, alu('R4', ['R5'], { stall: 15 }), alu('R1', ['R0'], { wait: [0, 1] }), exit()]);
    const result = checkSassProgram(kernel, []);
    expect(result.verdict).toBe('hazard');
    expect(result.hazards[0]!.hazard).toMatchObject({ kind: 'WAR', register: 'R4' });
  });

  it('a suspicion after the second call of one subroutine is shown: the path returns to the call it came from', () => {
    // 0 CALL 6; 1 CALL 6; 2 LD R0 (no wait after); 3 ALU R1 <- R0; 4 EXIT; 5 EXIT; 6 ALU R8; 7 RET.
    // The analysis' graph lets the first call's RET go back after the second call, a path the
    // machine cannot take (its return stack sends it back to 1).
    const call = (target: number) => ({ ...alu(null, [], { stall: 2 }), opcode: 'CALL', unit: { kind: 'none' } as const, flow: { kind: 'call', target } as const, text: `CALL L${target}` });
    const ret = { ...alu(null, [], { stall: 2 }), opcode: 'RET', unit: { kind: 'none' } as const, flow: { kind: 'return' } as const, text: 'RET' };
    const kernel = program([call(6), call(6), load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), alu('R1', ['R0']), exit(), exit(), alu('R8', ['R9'], { stall: 2 }), ret]);
    expect(pathThrough(kernel, 2, 3)).toEqual([0, 6, 7, 1, 6, 7, 2, 3]);
    const result = checkSassProgram(kernel, []);
    expect(result.verdict).toBe('hazard');
    expect(result.hazards[0]!.path.slice(0, 7)).toEqual([0, 6, 7, 1, 6, 7, 2]);
  });
});

describe('which suspicions get a directed run', () => {
  // Five I2FPs, each read 2 cycles later (ready the next cycle on the counterexample side, the ALU
  // class's figures on the proof side: assumptions, never findings: ptxas-i2fp-class), then a load
  // whose reader does not wait: six pairs of instructions.
  const convert = (index: number) => [
    `      [B------:R-:W-:-:S02]         /*${(index * 32).toString(16).padStart(4, '0')}*/                   I2FP.F32.S32 R${8 + index}, R40 ;`,
    `      [B------:R-:W-:-:S04]         /*${(index * 32 + 16).toString(16).padStart(4, '0')}*/                   MOV R${60 + index}, R${8 + index} ;`,
  ];
  const text = section('k', '  k:', ...[0, 1, 2, 3, 4].flatMap(convert),
    '      [B------:R-:W0:-:S02]         /*00a0*/                   LDG.E R2, [R4.64] ;',
    '      [B------:R-:W-:-:S04]         /*00b0*/                   MOV R3, R2 ;',
    '      [B------:R-:W-:-:S05]         /*00c0*/                   EXIT ;');
  const [kernel] = listingKernelsOfText(text, 'pairs.sm_86.cuasm', { from: null, architecture: null, kernels: [] });
  const check = (options: { confirmLimit: number; focus?: number[] }) => checkSassProgram(kernel!.program, kernel!.notes, { maxStates: 1, counterexample: kernel!.counterexample ?? null, ...options });

  it('the limit counts pairs of instructions: six pairs, all tried with a limit of 6', () => {
    expect(check({ confirmLimit: 6 }).verdict).toBe('hazard');
    expect(check({ confirmLimit: 5 }).verdict).toBe('unknown');
  });

  it('suspicions through a focus instruction (a mutant\'s change) go first', () => {
    const result = check({ confirmLimit: 1, focus: [11] });
    expect(result.verdict).toBe('hazard');
    expect(result.hazards[0]!.hazard).toMatchObject({ kind: 'RAW', register: 'R2' });
  });
});
