/**
 * The implicit-operand table (spec/amdgpu/implicitOperands.ts) against LLVM's own instruction
 * definitions: small kernels are compiled by llc-19 (and llc-22 where installed) with
 * `-stop-after=si-insert-waitcnts`, whose MIR prints every instruction's implicit operands
 * (`implicit-def $scc`, `implicit $vcc`); for every opcode seen the table must write the same
 * SCC, VCC, EXEC and M0 (at least the same, where it says it writes more) and read at least what
 * LLVM reads of SCC, VCC and M0 (and EXEC, for scalar instructions). The same IR compiled to
 * assembly is checked: LLVM 19 reads the SCC of s_barrier_signal_isfirst and s_barrier_leave
 * with no s_wait_kmcnt (a hazard), LLVM 22 waits (proved safe).
 *
 * Skipped, with a notice, where an llc is not installed (.ci/run installs Debian's llvm-19).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { amdgpuVerdicts } from '../../amdgpu/verdicts.js';
import { IMPLICIT_OPERAND_RULES, IMPLICIT_OPERAND_SOURCES, implicitOperandRule, splitEncoding, type SpecialRegister } from '../../../spec/amdgpu/implicitOperands.js';

const IR = join(import.meta.dirname, 'ir');
const TARGETS = ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'];
const SPECIAL: readonly SpecialRegister[] = ['scc', 'vcc', 'exec', 'm0'];

function available(llc: string): boolean {
  const found = spawnSync(llc, ['--version'], { encoding: 'utf8' }).status === 0;
  if (!found) console.warn(`test/spec/amdgpu/implicitOperands.test.ts: ${llc} not found, skipping its checks (install Debian's ${llc.replace('llc-', 'llvm-')})`);
  return found;
}

function compile(llc: string, cpu: string, ir: string, mir: boolean): string {
  const out = join(mkdtempSync(join(tmpdir(), 'hazardproof-implicit-')), mir ? 'out.mir' : 'out.s');
  const args = ['-mtriple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-O2', ...(mir ? ['-stop-after=si-insert-waitcnts'] : []), '-o', out, join(IR, ir)];
  const run = spawnSync(llc, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${llc} ${args.join(' ')}: ${run.stderr}`);
  return readFileSync(out, 'utf8');
}

/** One MIR opcode with the special registers it writes and reads implicitly. */
interface MirUse {
  readonly opcode: string;
  readonly writes: ReadonlySet<SpecialRegister>;
  readonly reads: ReadonlySet<SpecialRegister>;
}

/** A MIR register name as a special register (`$vcc_lo` is VCC), or null. */
function special(name: string): SpecialRegister | null {
  const base = name.replace(/_(lo|hi)$/, '');
  return (SPECIAL as readonly string[]).includes(base) ? (base as SpecialRegister) : null;
}

/** The instructions of a MIR file's bodies, with their implicit special operands. */
function mirInstructions(text: string): MirUse[] {
  const uses: MirUse[] = [];
  let body = false;
  for (const raw of text.split('\n')) {
    if (/^body:/.test(raw)) { body = true; continue; }
    if (/^(---|\.\.\.)/.test(raw)) body = false;
    const line = raw.trim();
    if (!body || line === '' || /^(bb\.|successors:|liveins:|;|})/.test(line)) continue;
    const right = line.includes(' = ') ? line.slice(line.indexOf(' = ') + 3) : line;
    const opcode = right.split(/\s+/).find((token) => /^[A-Z][A-Z0-9_]*[A-Za-z0-9_]*$/.test(token));
    if (opcode === undefined) continue;
    const writes = new Set<SpecialRegister>();
    const reads = new Set<SpecialRegister>();
    for (const match of line.matchAll(/implicit-def (?:dead |early-clobber )*\$(\w+)/g)) { const r = special(match[1]!); if (r) writes.add(r); }
    for (const match of line.matchAll(/implicit (?:killed |undef |internal |renamable )*\$(\w+)/g)) { const r = special(match[1]!); if (r) reads.add(r); }
    uses.push({ opcode, writes, reads });
  }
  return uses;
}

/** The assembly mnemonics of a MIR opcode: lowercased, the two halves of a VOPD pair apart. */
function mnemonicsOf(opcode: string): string[] {
  const lower = opcode.toLowerCase().replace(/_gfx\d+$/, '');
  const dual = /^v_dual_(.+?)_x_(.+)$/.exec(lower);
  return dual ? [`v_dual_${dual[1]}`, `v_dual_${dual[2]}`] : [lower];
}

/** What the table says of a mnemonic as LLVM names it (`_e32` forms write their printed VCC; `_nosdst` forms have no scalar result). */
function tableOf(mnemonic: string): { writes: Set<SpecialRegister>; reads: Set<SpecialRegister>; beyond: boolean } {
  const rule = implicitOperandRule(mnemonic);
  const { encoding } = splitEncoding(mnemonic);
  const e32 = encoding === 'e32' && !/_nosdst/.test(mnemonic) ? rule?.e32 : undefined;
  // e32 reads apply to every e32 form (a _nosdst compare still reads what it reads).
  const e32Reads = encoding === 'e32' ? rule?.e32?.reads ?? [] : [];
  return {
    writes: new Set([...(rule?.writes ?? []), ...(e32?.writes ?? [])]),
    reads: new Set([...(rule?.reads ?? []), ...e32Reads]),
    beyond: rule?.beyondLlvm !== undefined,
  };
}

/** Mismatches of the table with LLVM's MIR, one line each. */
function mismatches(uses: readonly MirUse[]): string[] {
  const found = new Set<string>();
  for (const { opcode, writes, reads } of uses) {
    const halves = mnemonicsOf(opcode).map(tableOf);
    const table = { writes: new Set(halves.flatMap((h) => [...h.writes])), reads: new Set(halves.flatMap((h) => [...h.reads])), beyond: halves.some((h) => h.beyond) };
    const missing = [...writes].filter((r) => !table.writes.has(r));
    const extra = table.beyond ? [] : [...table.writes].filter((r) => !writes.has(r));
    const scalar = opcode.startsWith('S_');
    const unread = [...reads].filter((r) => (r !== 'exec' || scalar) && !table.reads.has(r));
    if (missing.length + extra.length + unread.length > 0) found.add(`${opcode}: LLVM writes [${[...writes].join(', ')}] reads [${[...reads].join(', ')}]; the table writes [${[...table.writes].join(', ')}] reads [${[...table.reads].join(', ')}]`);
  }
  return [...found].sort();
}

/** Verdict (and first hazard) per function of an assembly text. */
const verdicts = (text: string): Record<string, string> => amdgpuVerdicts(text, 'llc.s');

describe('the implicit-operand table', () => {
  it('cites an existing source for every rule and says why where it goes beyond LLVM', () => {
    for (const rule of IMPLICIT_OPERAND_RULES) {
      expect(rule.source.length, String(rule.pattern)).toBeGreaterThan(0);
      for (const key of rule.source) expect(Object.hasOwn(IMPLICIT_OPERAND_SOURCES, key), key).toBe(true);
      expect(rule.note.length).toBeGreaterThan(0);
    }
  });

  it('puts the SCC of every SMEM-counted SCC writer on kmcnt', () => {
    for (const mnemonic of ['s_barrier_signal_isfirst', 's_barrier_leave']) {
      expect(implicitOperandRule(mnemonic)).toMatchObject({ writes: ['scc'], sccCounter: 'kmcnt' });
    }
    expect(implicitOperandRule('s_barrier_leave')!.sccLandsAtBarrierWait).toBeUndefined();
  });

  it('reads encodings off mnemonics and LLVM opcode names alike', () => {
    expect(splitEncoding('v_add_co_u32_e32')).toEqual({ stem: 'v_add_co_u32', encoding: 'e32' });
    expect(splitEncoding('v_cmpx_gt_u32_nosdst_e32')).toEqual({ stem: 'v_cmpx_gt_u32', encoding: 'e32' });
    expect(splitEncoding('v_cmp_ne_u32_e64')).toEqual({ stem: 'v_cmp_ne_u32', encoding: 'e64' });
    expect(splitEncoding('s_add_co_u32')).toEqual({ stem: 's_add_co_u32', encoding: null });
    expect(implicitOperandRule('s_add_co_u32')!.writes).toEqual(['scc']);
    expect(implicitOperandRule('s_mul_i32')).toBeNull();
    expect(implicitOperandRule('s_min_f32')).toBeNull();
  });
});

for (const llc of ['llc-19', 'llc-22']) {
  const barrierIr = llc === 'llc-19' ? 'barrier_scc.llc19.ll' : 'barrier_scc.llc22.ll';
  describe.skipIf(!available(llc))(`${llc}: the table against LLVM's instruction definitions`, () => {
    it('gives every opcode llc emits the implicit SCC, VCC, EXEC and M0 writes LLVM gives it, on every checked target', () => {
      const uses = TARGETS.flatMap((cpu) => mirInstructions(compile(llc, cpu, 'implicit_operands.ll', true)));
      const barrier = mirInstructions(compile(llc, 'gfx1200', barrierIr, true));
      const opcodes = new Set([...uses, ...barrier].map((use) => use.opcode));
      // The kernels exercise what the table is about: carries, compares, selects, EXEC masking, M0 indexing, the barrier SCC.
      for (const opcode of ['S_ADD_I32', 'S_CMP_EQ_U32', 'S_CSELECT_B32', 'S_AND_SAVEEXEC_B64', 'V_ADD_CO_U32_e32', 'V_ADDC_U32_e32', 'V_CMP_EQ_U32_e32', 'V_CNDMASK_B32_e32', 'V_DIV_FMAS_F32_e64', 'V_READFIRSTLANE_B32', 'S_BARRIER_LEAVE']) {
        expect(opcodes.has(opcode), opcode).toBe(true);
      }
      expect(mismatches([...uses, ...barrier])).toEqual([]);
      expect(barrier.filter((use) => /^S_BARRIER_(LEAVE|SIGNAL_ISFIRST)/.test(use.opcode)).map((use) => [use.opcode, [...use.writes]])).toEqual([
        [expect.stringMatching(/^S_BARRIER_SIGNAL_ISFIRST/), ['scc']],
        ['S_BARRIER_LEAVE', ['scc']],
      ]);
    }, 120_000);

    it('checks the compiled kernels: the barrier SCC read without s_wait_kmcnt is a hazard (LLVM 19), the rest proved safe', () => {
      const barrier = verdicts(compile(llc, 'gfx1200', barrierIr, false));
      if (llc === 'llc-19') expect(barrier).toEqual({ isfirst: 'hazard RAW scc', leave: 'hazard RAW scc' });
      // LLVM 22 waits for the SCC write (PR #157843) and its s.barrier.leave has no SCC reader.
      else expect(barrier).toEqual({ isfirst: 'proved-safe', leave: 'proved-safe' });
      if (llc !== 'llc-19') return;
      for (const cpu of TARGETS) {
        const all = verdicts(compile(llc, cpu, 'implicit_operands.ll', false));
        expect(Object.values(all).every((verdict) => verdict === 'proved-safe'), `${cpu}: ${JSON.stringify(all)}`).toBe(true);
      }
    }, 120_000);
  });
}
