/**
 * From AMDGPU assembly text to kernels ready to check, through the same `LoadedKernel` the NVIDIA
 * listings give (`format/sass/loadKernels.ts` hands AMDGPU text here): parse, pick the target
 * (`--arch`, else `.amdgcn_target`), lower each function. Every mistake is an `InputError` with a
 * location.
 */
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import type { SassInstruction } from '../../spec/sass/program.js';
import { InputError } from '../error.js';
import type { ListingOptions, LoadedKernel } from '../sass/loadKernels.js';
import type { AmdgpuFunction } from './listing.js';
import { lowerAmdgpuFunction } from './lower.js';
import { isAmdgpuObjdumpText, parseAmdgpuObjdump } from './objdump.js';
import { parseAmdgpuListing } from './parse.js';

/**
 * Parses AMDGPU assembly (`file` names it in errors and reports) and lowers the functions asked
 * for (`options.kernels`, all when empty) for the target `--arch` names, else the one
 * `.amdgcn_target` states. A well-formed processor name with no facts yet (say gfx1101) is no
 * input mistake: its functions are checked `unknown`, never with another target's facts.
 */
export function amdgpuKernelsOfText(text: string, file: string, options: ListingOptions): LoadedKernel[] {
  const objdump = isAmdgpuObjdumpText(text);
  // A whole file: one cut short is refused, never checked as if its last kernel ended there.
  const listing = objdump ? parseAmdgpuObjdump(text, file, { whole: true }) : parseAmdgpuListing(text, file, { whole: true });
  const stated = options.architecture ?? listing.target;
  const known = AMDGPU_TARGETS.join(', ');
  if (stated === null && objdump) {
    throw new InputError([{ file, line: 1, column: 1, message: `llvm-objdump -d output does not say which processor the code is for (not even with --mcpu): pass --arch (${known})` }]);
  }
  if (stated === null) {
    throw new InputError([{ file, line: 1, column: 1, message: `the assembly does not say which processor it is for (no .amdgcn_target): pass --arch (${known})` }]);
  }
  const name = stated.trim().toLowerCase();
  if (!/^gfx[0-9a-f]{3,4}$/.test(name)) {
    throw new InputError([{ file, line: 1, column: 1, message: `expected an AMDGPU processor name like gfx1100 (${known}), got '${stated}'` }]);
  }
  const functions = options.kernels.length === 0 ? listing.functions : listing.functions.filter((fn) => options.kernels.includes(fn.name));
  if (functions.length === 0) {
    const names = listing.functions.map((fn) => fn.name).join(', ');
    throw new InputError([{ file, line: 1, column: 1, message: `no kernel or function named ${options.kernels.join(' or ')} (the file has ${names || 'none'})` }]);
  }
  const target = (AMDGPU_TARGETS as readonly string[]).includes(name) ? (name as AmdgpuTarget) : null;
  return functions.map((fn) => ({ file, ...(target === null ? unmodelled(fn, name, known) : lowerAmdgpuFunction(fn, target, file)) }));
}

/**
 * A function for a processor without facts: its lines with no effects and one blocking note, so
 * the check says `unknown` and neither a proof nor a hazard can come from it.
 */
function unmodelled(fn: AmdgpuFunction, processor: string, known: string): Omit<LoadedKernel, 'file'> {
  const last = fn.instructions.length - 1;
  const instructions = fn.instructions.map((line, index): SassInstruction => ({
    opcode: line.parts[0]!.mnemonic, guard: null, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' },
    flow: index === last ? { kind: 'exit' } : { kind: 'next' }, drains: [], depbar: null,
    control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 }, latencyClass: null,
    line: line.line, column: line.column, text: line.text,
  }));
  const first = fn.instructions[0];
  return {
    program: { name: fn.name, architecture: processor, queues: [], scoreboards: 1, visibilityDelay: 0, depbarVisibilityDelay: 0, readAfterWrite: null, instructions },
    notes: [{ kind: 'unsupported', line: first?.line ?? fn.line, column: first?.column ?? 1, message: `no wait-counter facts for ${processor} yet (there are facts for ${known}): nothing about this function is decided (--arch checks it with another processor's facts, at your own risk)` }],
    counterexample: null,
  };
}
