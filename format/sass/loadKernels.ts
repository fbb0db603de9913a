/**
 * From listing files to kernels ready to check: read, parse in the right notation, pick the
 * architecture table, lower each kernel. Every mistake is an `InputError` with a location.
 */
import { architectureTable, ARCHITECTURES } from '../../spec/sass/architectures/index.js';
import { amdgpuKernelsOfText } from '../amdgpu/loadKernels.js';
import { isAmdgpuText } from '../amdgpu/detect.js';
import { InputError } from '../error.js';
import { readInputFile } from '../readInputFile.js';
import type { SassLine, SassNotation } from './listing.js';
import { parseListing } from './load.js';
import { truncationProblems } from './truncation.js';
import { architectureName } from './architectureName.js';
import { lowerCounterexample } from './counterexampleKernel.js';
import { lowerKernel, type LoweredKernel } from './lower.js';
import { selectsKernel } from './kernelName.js';
import { unmodelledKernel } from './unmodelled.js';

/** How to read listings: notation and architecture when the files do not say, kernels to keep. */
export interface ListingOptions {
  readonly from: SassNotation | null;
  readonly architecture: string | null;
  /** Kernel names to keep (all when empty). */
  readonly kernels: readonly string[];
}

/** One kernel of one file, lowered. */
export interface LoadedKernel extends LoweredKernel {
  readonly file: string;
}

/** Reads a listing file and lowers the kernels asked for. */
export function loadListingKernels(file: string, options: ListingOptions): LoadedKernel[] {
  return listingKernelsOfText(readInputFile(file, 'listing'), file, options);
}

/**
 * Parses a listing's text (`file` names it in errors and reports) and lowers the kernels asked
 * for with the table of its architecture (`--arch`, else the one the listing states), reported
 * under the listing's own name (`sm_52`, whose table is Maxwell's). An architecture with no table
 * yet (a well-formed name from sm_50 on) is no input mistake: its kernels are lowered unmodelled
 * (`unmodelledKernel`) and checked `unknown`, never with another architecture's table.
 */
export function listingKernelsOfText(text: string, file: string, options: ListingOptions): LoadedKernel[] {
  // AMDGPU assembly (told from its content, as NVIDIA notations are) has its own importer and facts.
  if (options.from === null && isAmdgpuText(text)) return amdgpuKernelsOfText(text, file, options);
  const listing = parseListing(text, file, options.from);
  // A listing cut short is refused whole, whichever kernels were asked for: a verdict on the
  // lines before the cut would be on a kernel the caller does not have.
  const cut = truncationProblems(listing, text, file);
  if (cut.length > 0) throw new InputError(cut);
  const stated = options.architecture ?? listing.architecture;
  const known = ARCHITECTURES.flatMap((t) => [t.name, ...t.aliases]);
  if (stated === null) {
    throw new InputError([{ file, line: 1, column: 1, message: `the listing does not say which architecture it is for (no 'code for sm_XX' line, .headerflags or sm_XX in the file name): pass --arch sm_XX (${ARCHITECTURES.map((table) => table.name).join(', ')})` }]);
  }
  const name = architectureName(stated);
  if (name === null) {
    throw new InputError([{ file, line: 1, column: 1, message: `no opcode table for architecture '${stated}': expected a name like sm_75 (known are ${known.join(', ')})` }]);
  }
  if (parseInt(name.slice(3), 10) < 50) {
    throw new InputError([{ file, line: 1, column: 1, message: `expected an architecture sm_50 or later, got ${name}: Kepler and older code carries no scoreboard control codes` }]);
  }
  const table = architectureTable(name);
  const kernels = options.kernels.length === 0 ? listing.kernels : listing.kernels.filter((kernel) => options.kernels.some((requested) => selectsKernel(kernel.name, requested)));
  if (kernels.length === 0) {
    const names = listing.kernels.map((kernel) => kernel.name).join(', ');
    throw new InputError([{ file, line: 1, column: 1, message: options.kernels.length > 0 ? `no kernel named ${options.kernels.join(' or ')} (the file has ${names || 'none'})` : 'the listing has no kernel with instructions' }]);
  }
  const problems = kernels.flatMap((kernel) => kernel.instructions.flatMap((line) => scoreboardProblems(line).map((message) => ({ file, line: line.line, column: line.column, message }))));
  if (problems.length > 0) throw new InputError(problems);
  return kernels.map((kernel) => {
    if (!table) return { file, ...unmodelledKernel(kernel, name, ARCHITECTURES.map((t) => t.name)) };
    const lowered = lowerKernel(kernel, table, name);
    return { file, ...lowered, counterexample: lowerCounterexample(kernel, table, lowered.program) };
  });
}

/** Dependency barriers (scoreboards) of every NVIDIA GPU since Maxwell: SB0..SB5. */
export const SASS_SCOREBOARDS = 6;

/** What in an instruction's control record names a scoreboard the hardware does not have (a control field may write up to 15). */
function scoreboardProblems(line: SassLine): string[] {
  const { control } = line;
  const missing = (role: string, index: number) => `${role} SB${index} does not exist: NVIDIA GPUs have ${SASS_SCOREBOARDS} scoreboards (SB0..SB${SASS_SCOREBOARDS - 1})`;
  const problems = control.wait.filter((index) => index >= SASS_SCOREBOARDS).map((index) => missing('wait on', index));
  if (control.readScoreboard !== null && control.readScoreboard >= SASS_SCOREBOARDS) problems.push(missing('read scoreboard', control.readScoreboard));
  if (control.writeScoreboard !== null && control.writeScoreboard >= SASS_SCOREBOARDS) problems.push(missing('write scoreboard', control.writeScoreboard));
  return problems;
}
