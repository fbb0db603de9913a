/**
 * Certain-hazard `s_nop` mutants of AMD gfx9 code: an `s_nop` shortened by one (or `s_nop 0`
 * removed) where, on a jump-free stretch of one function, a writer and a reader of one register
 * need more wait states than are left between them by a rule of LLVM's GCNHazardRecognizer (the
 * counterexample side's rules: none that only a proof honours). The wait states between are counted
 * as LLVM counts them: one per instruction issued, `s_nop N` N + 1. The hardware does not
 * interlock these pairs (that is why LLVM inserts the nop), so fewer wait states is a hazard.
 */
import { isAmdgpuObjdumpText, parseAmdgpuObjdump } from '../../format/amdgpu/objdump.js';
import { OperandError, operandRoles, returnsData } from '../../format/amdgpu/operandRoles.js';
import { parseAmdgpuListing } from '../../format/amdgpu/parse.js';
import type { AmdgpuLine } from '../../format/amdgpu/listing.js';
import { waitStateRoles } from '../../format/amdgpu/waitStateRoles.js';
import { AMDGPU_TARGET_INFO, type AmdgpuGeneration, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { classifyAmdgpuInstruction } from '../../spec/amdgpu/instructionKinds.js';
import { waitStatesBetween, type WaitStateReader, type WaitStateWriter } from '../../spec/amdgpu/waitStates.js';
import type { SourceMutant } from '../amdgpu/sourceMutants.js';

/** The wait-state roles of one line: what it writes and reads, as writer and reader roles; null when it cannot be read. */
interface LineRoles {
  readonly writes: ReadonlyMap<string, readonly WaitStateWriter[]>;
  readonly reads: ReadonlyMap<string, readonly WaitStateReader[]>;
  /** Registers written at all (a later write ends a pair). */
  readonly written: ReadonlySet<string>;
}

/** Lines that end a straight stretch: control goes elsewhere for sure, or to a callee. */
const ENDS_STRETCH = /^(s_branch|s_setpc_b64|s_swappc_b64|s_call_b64|s_endpgm\w*|s_trap|s_rfe_b64|s_cbranch_join)$/;

function rolesOf(line: AmdgpuLine, generation: AmdgpuGeneration): LineRoles | null {
  const writes = new Map<string, WaitStateWriter[]>();
  const reads = new Map<string, WaitStateReader[]>();
  const written = new Set<string>();
  for (const part of line.parts) {
    const modifiers = part.modifiers.map((token) => token.text);
    const operation = classifyAmdgpuInstruction(part.mnemonic, modifiers, generation);
    if (operation === null) return null;
    try {
      const returning = operation.kind !== null && returnsData(operation.kind, part.mnemonic) && (operation.kind !== 'smem' || !/atomic/.test(part.mnemonic) || modifiers.includes('glc'));
      const registers = operandRoles(part, operation, generation, returning);
      const roles = waitStateRoles(part, operation, generation, registers.destinations, registers.sources);
      for (const register of [...registers.destinations, ...roles.extraWrites]) written.add(register);
      for (const [register, list] of roles.writes) writes.set(register, [...(writes.get(register) ?? []), ...list]);
      for (const [register, list] of roles.reads) reads.set(register, [...(reads.get(register) ?? []), ...list]);
    } catch (error) {
      if (error instanceof OperandError) return null;
      throw error;
    }
  }
  return { writes, reads, written };
}

/** Wait states one line provides: `s_nop N` N + 1, any other instruction 1. */
function waitStatesOf(line: AmdgpuLine): number {
  const mnemonic = line.parts[0]!.mnemonic;
  if (mnemonic !== 's_nop') return 1;
  const count = /^\s*(0x[0-9a-f]+|\d+)\s*$/i.exec(line.operandText)?.[1];
  return count === undefined ? 1 : Number(count) + 1;
}

/**
 * The `shorten-nop` mutants among `mutants` (from `sourceMutants` on `text`) whose hazard is
 * certain on `target`, each with the pair it uncovers; none on targets without wait-state rules.
 */
export function certainNopMutants(text: string, file: string, target: AmdgpuTarget, mutants: readonly SourceMutant[]): { mutant: SourceMutant; pair: string }[] {
  const nops = mutants.filter((mutant) => mutant.kind === 'shorten-nop');
  if (nops.length === 0) return [];
  const generation = AMDGPU_TARGET_INFO[target].generation;
  const listing = isAmdgpuObjdumpText(text) ? parseAmdgpuObjdump(text, file) : parseAmdgpuListing(text, file);
  const result: { mutant: SourceMutant; pair: string }[] = [];
  for (const fn of listing.functions) {
    const lines = fn.instructions;
    const roles = lines.map((line) => rolesOf(line, generation));
    for (const mutant of nops.filter((candidate) => candidate.function === fn.name)) {
      const at = lines.findIndex((line) => line.line === mutant.line);
      if (at < 0) continue;
      const pair = uncoveredPair(lines, roles, at, target);
      if (pair !== null) result.push({ mutant, pair });
    }
  }
  return result;
}

/** A writer before line `at` and a reader after it, on one straight stretch, that one wait state fewer leaves short of a rule; null when there is none. */
function uncoveredPair(lines: readonly AmdgpuLine[], roles: readonly (LineRoles | null)[], at: number, target: AmdgpuTarget): string | null {
  for (let w = at - 1; w >= 0; w--) {
    const writer = roles[w];
    if (writer === null || writer === undefined || ENDS_STRETCH.test(lines[w]!.parts[0]!.mnemonic)) return null;
    for (const [register, writerRoles] of writer.writes) {
      // A later write of the register before the nop hides this one.
      if (roles.slice(w + 1, at).some((between) => between?.written.has(register) !== false)) continue;
      for (let r = at + 1; r < lines.length; r++) {
        const reader = roles[r];
        if (reader === null || reader === undefined) break;
        const readerRoles = reader.reads.get(register);
        if (readerRoles !== undefined) {
          const needed = waitStatesBetween(target, writerRoles, readerRoles, 'counterexample');
          const between = lines.slice(w + 1, r).reduce((sum, line) => sum + waitStatesOf(line), 0);
          if (needed > 0 && between - 1 < needed) return `${register}: line ${lines[w]!.line} -> line ${lines[r]!.line} needs ${needed} wait state(s), ${between - 1} left`;
        }
        if (reader.written.has(register) || ENDS_STRETCH.test(lines[r]!.parts[0]!.mnemonic)) break;
      }
    }
  }
  return null;
}
