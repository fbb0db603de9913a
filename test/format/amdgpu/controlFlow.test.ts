/**
 * The successor set of every AMDGPU scalar control instruction (spec/amdgpu/controlFlow.ts), each
 * in a tiny function lowered to the shared model and read back through `successors`: branches go
 * to their label, conditional ones there or on (never losing the fall-through), calls come back,
 * ends end, a trap may end or come back, and every instruction whose control flow the model
 * cannot follow (forks, joins, skips, subvector loops, returns from exception, indirect jumps in a
 * kernel, unknown s_cbranch_ forms) makes the verdict `unknown`, naming it. Then the implicit SCC
 * that s_barrier_leave and s_barrier_signal_isfirst write on kmcnt (spec/amdgpu/implicitOperands.ts).
 */
import { describe, expect, it } from 'vitest';
import { amdgpuKernelsOfText } from '../../../format/amdgpu/loadKernels.js';
import type { LoadedKernel } from '../../../format/sass/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../../impl/sass/check.js';
import { CONTROL_FLOW_RULES, CONTROL_FLOW_SOURCES } from '../../../spec/amdgpu/controlFlow.js';
import { successors } from '../../../spec/sass/successors.js';

/** Source lines of the listing `around` builds (1-based, as reports number them). */
const AT = { instruction: 5, next: 6, label: 8 } as const;

/** A kernel (or callable function) for `target` with `instruction` between two moves and a label after them. */
function around(target: string, instruction: string, kernel = true, before: readonly string[] = []): string {
  return [
    `\t.amdgcn_target "amdgcn-amd-amdhsa--${target}"`, '\t.type k,@function', 'k:',
    ...(before.length > 0 ? before.map((line) => `\t${line}`) : ['\tv_mov_b32_e32 v0, 0']),
    `\t${instruction}`, '\tv_mov_b32_e32 v1, 0', '.LBB0_1:', '\tv_mov_b32_e32 v2, 0',
    kernel ? '\ts_endpgm' : '\ts_setpc_b64 s[30:31]', ...(kernel ? ['\t.amdhsa_kernel k', '\t.end_amdhsa_kernel'] : []),
  ].join('\n');
}

function load(text: string): LoadedKernel {
  const [loaded] = amdgpuKernelsOfText(text, 'k.s', { from: null, architecture: null, kernels: [] });
  return loaded!;
}

/** The source lines control may go to after the line `line` (from its last model instruction), sorted; 'end' where the wave may end there. */
function successorLines(loaded: LoadedKernel, line: number): (number | 'end')[] {
  const { instructions } = loaded.program;
  const last = instructions.findLastIndex((instruction) => instruction.line === line);
  const next = successors(loaded.program)[last]!.map((index) => instructions[index]!.line);
  const flow = instructions[last]!.flow;
  const ends = flow.kind === 'exit' || flow.kind === 'return';
  return [...new Set(next), ...(ends ? ['end' as const] : [])].sort((a, b) => String(a).localeCompare(String(b)));
}

function verdict(loaded: LoadedKernel): { verdict: string; reason: string } {
  const result = checkSassProgram(loaded.program, loaded.notes, { ...DEFAULT_SASS_CHECK, counterexample: loaded.counterexample ?? null });
  return { verdict: result.verdict, reason: result.reason };
}

const { next, label } = AT;
/** [target, instruction, successor lines of the instruction ('end': the wave may end or return there)]. */
const KNOWN: readonly [string, string, readonly (number | 'end')[]][] = [
  ['gfx900', 's_branch .LBB0_1', [label]],
  ...['scc0', 'scc1', 'vccz', 'vccnz', 'execz', 'execnz', 'cdbgsys', 'cdbguser', 'cdbgsys_and_user', 'cdbgsys_or_user'].map((condition): [string, string, (number | 'end')[]] => ['gfx900', `s_cbranch_${condition} .LBB0_1`, [next, label]]),
  ['gfx1100', 's_cbranch_execz .LBB0_1', [next, label]],
  ['gfx900', 's_swappc_b64 s[30:31], s[4:5]', [next]],
  ['gfx900', 's_call_b64 s[30:31], callee', [next]],
  ['gfx900', 's_getpc_b64 s[4:5]', [next]],
  ['gfx900', 's_endpgm', ['end']],
  ['gfx900', 's_endpgm_saved', ['end']],
  ['gfx900', 's_endpgm_ordered_ps_done', ['end']],
  ['gfx900', 's_trap 2', [next, 'end']],
  ['gfx900', 's_sethalt 1', [next]],
];

/** [target, instruction] whose control flow the model cannot follow: unknown, naming the mnemonic. */
const UNKNOWN: readonly [string, string][] = [
  ['gfx900', 's_cbranch_join s4'],
  ['gfx900', 's_cbranch_g_fork s[4:5], s[6:7]'],
  ['gfx900', 's_cbranch_i_fork s[4:5], .LBB0_1'],
  ['gfx900', 's_setvskip s4, 0'],
  ['gfx1030', 's_subvector_loop_begin s4, .LBB0_1'],
  ['gfx1030', 's_subvector_loop_end s4, .LBB0_1'],
  ['gfx900', 's_rfe_b64 s[4:5]'],
  ['gfx900', 's_rfe_restore_b64 s[4:5], s6'],
  ['gfx900', 's_setpc_b64 s[4:5]'],
  ['gfx1030', 's_code_end'],
  ['gfx900', 's_cbranch_frobz .LBB0_1'],
];

describe('AMDGPU control flow: the successor set of each control instruction', () => {
  it('every rule cites a source', () => {
    for (const rule of CONTROL_FLOW_RULES) for (const key of rule.source) expect(Object.hasOwn(CONTROL_FLOW_SOURCES, key), key).toBe(true);
  });

  it.each(KNOWN)('%s %s', (target, instruction, expected) => {
    const loaded = load(around(target, instruction));
    expect(successorLines(loaded, AT.instruction)).toEqual([...expected].sort((a, b) => String(a).localeCompare(String(b))));
    expect(loaded.notes.filter((note) => note.kind !== 'assumption')).toEqual([]);
    expect(verdict(loaded).verdict).toBe('proved-safe');
  });

  it.each(UNKNOWN)('%s %s: unknown, naming it, its paths not followed', (target, instruction) => {
    const loaded = load(around(target, instruction));
    const mnemonic = instruction.split(' ')[0]!;
    expect(successorLines(loaded, AT.instruction)).toEqual(['end']);
    expect(loaded.notes.filter((note) => note.kind === 'unsupported').map((note) => [note.line, note.message.startsWith(mnemonic)])).toEqual([[AT.instruction, true]]);
    const { verdict: found, reason } = verdict(loaded);
    expect(found).toBe('unknown');
    expect(reason).toContain(mnemonic);
  });

  it('a conditional branch keeps its fall-through: a pending result read on either way is a hazard', () => {
    for (const condition of ['scc1', 'vccz', 'execnz', 'cdbgsys', 'cdbgsys_or_user']) {
      const text = around('gfx900', `s_cbranch_${condition} .LBB0_1`, true, ['global_load_dword v1, v0, s[2:3]']).replace('v_mov_b32_e32 v1, 0', 'v_mov_b32_e32 v3, v1');
      expect(verdict(load(text)).verdict, condition).toBe('hazard');
    }
  });

  it('s_branch to a label outside the function is unknown, naming it', () => {
    const loaded = load(around('gfx900', 's_branch .Lelsewhere'));
    expect(successorLines(loaded, AT.instruction)).toEqual(['end']);
    expect(loaded.notes.map((note) => note.message)).toEqual([expect.stringContaining('.Lelsewhere')]);
    expect(verdict(loaded).verdict).toBe('unknown');
  });

  it('s_call_b64 is a call: its callee is assumed to wait (a noted assumption) and it writes its return address', () => {
    const loaded = load(around('gfx900', 's_call_b64 s[30:31], callee', true, ['s_load_dwordx2 s[30:31], s[4:5], 0x0']));
    expect(loaded.notes.map((note) => note.kind)).toEqual(['assumption']);
    expect(verdict(loaded).verdict).toBe('hazard');
  });

  it('s_trap: the handler may end the wave or come back (an assumption, noted); what follows is still checked', () => {
    const loaded = load(around('gfx900', 's_trap 2', true, ['global_load_dword v1, v0, s[2:3]']).replace('v_mov_b32_e32 v1, 0', 'v_mov_b32_e32 v3, v1'));
    expect(loaded.notes.map((note) => [note.kind, note.line])).toEqual([['assumption', AT.instruction]]);
    expect(verdict(loaded).verdict).toBe('hazard');
  });

  it('s_setpc_b64 in a callable function: s[30:31] returns; another pair is a tail call, unless the function takes the address of its own label', () => {
    const ret = load(around('gfx1100', 's_setpc_b64 s[30:31]', false));
    expect(ret.program.instructions.filter((i) => i.line === AT.instruction).map((i) => i.flow.kind)).toEqual(['return']);
    const tail = load(around('gfx1100', 's_setpc_b64 s[16:17]', false, ['s_getpc_b64 s[16:17]', 's_add_u32 s16, s16, callee@rel32@lo+4', 's_addc_u32 s17, s17, callee@rel32@hi+12']));
    expect(tail.notes.filter((note) => note.kind !== 'assumption')).toEqual([]);
    expect(successorLines(tail, AT.instruction + 2)).toEqual(['end']);
    const indirect = load(around('gfx1100', 's_setpc_b64 s[16:17]', false, ['s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)', 's_getpc_b64 s[16:17]', 's_add_u32 s16, s16, .LBB0_1@rel32@lo+4', 's_addc_u32 s17, s17, .LBB0_1@rel32@hi+12']));
    expect(indirect.notes.filter((note) => note.kind === 'unsupported').map((note) => note.message)).toEqual([expect.stringMatching(/^s_setpc_b64 in k, which takes the address of one of its own labels/)]);
    expect(verdict(indirect).verdict).toBe('unknown');
  });
});

describe('implicit SCC results counted on kmcnt (gfx12)', () => {
  const k = (...lines: string[]) => around('gfx1200', lines.at(-1)!, true, lines.slice(0, -1).length > 0 ? lines.slice(0, -1) : ['v_mov_b32_e32 v0, 0']);
  const verdictOf = (...lines: string[]) => {
    const loaded = load(k(...lines));
    const result = checkSassProgram(loaded.program, loaded.notes, { ...DEFAULT_SASS_CHECK, counterexample: loaded.counterexample ?? null });
    const first = result.hazards[0]?.hazard;
    return first === undefined ? result.verdict : `${result.verdict} ${first.kind}${first.kind === 'overflow' ? '' : ` ${first.register}`}`;
  };

  it('s_barrier_leave writes SCC when kmcnt says: read at once, a hazard; after s_wait_kmcnt 0, safe', () => {
    expect(verdictOf('s_barrier_leave', 's_cselect_b32 s3, s3, s5')).toBe('hazard RAW scc');
    expect(verdictOf('s_barrier_leave', 's_wait_kmcnt 0x0', 's_cselect_b32 s3, s3, s5')).toBe('proved-safe');
    // Overwriting it before it lands is as bad (s_cmp writes SCC at once).
    expect(verdictOf('s_barrier_leave', 's_cmp_eq_u32 s0, s1')).toBe('hazard WAW scc');
    // PR #157843 says an s_barrier_wait lands s_barrier_signal_isfirst's SCC, not s_barrier_leave's: still a hazard.
    expect(verdictOf('s_barrier_leave', 's_barrier_wait -1', 's_cselect_b32 s3, s3, s5')).toBe('hazard RAW scc');
  });

  it('s_barrier_signal_isfirst likewise, unknown where an s_barrier_wait may have landed it (naming the fact)', () => {
    expect(verdictOf('s_barrier_signal_isfirst -1', 's_cselect_b32 s3, s3, s5')).toBe('hazard RAW scc');
    expect(verdictOf('s_barrier_signal_isfirst -1', 's_wait_kmcnt 0x0', 's_cselect_b32 s3, s3, s5')).toBe('proved-safe');
    const loaded = load(k('s_barrier_signal_isfirst -1', 's_barrier_wait -1', 's_cselect_b32 s3, s3, s5'));
    const { verdict: found, reason } = verdict(loaded);
    expect(found).toBe('unknown');
    expect(reason).toMatch(/s_barrier_signal_isfirst/);
  });
});
