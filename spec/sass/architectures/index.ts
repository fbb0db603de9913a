/**
 * The NVIDIA opcode tables by architecture name: `architectureTable('sm_52')` is the Maxwell
 * table (an alias of sm_50), `architectureTable('sm_120a')` the sm_120 one (a trailing feature
 * letter is dropped), `ARCHITECTURES` lists every table once.
 */
import type { ArchitectureTable } from '../architecture.js';
import { SM50 } from './sm50.js';
import { SM61 } from './sm61.js';
import { SM70 } from './sm70.js';
import { SM75 } from './sm75.js';
import { SM80 } from './sm80.js';
import { SM86 } from './sm86.js';
import { SM89 } from './sm89.js';
import { SM90 } from './sm90.js';
import { SM100 } from './sm100.js';
import { SM120 } from './sm120.js';

/** Every table, oldest first. */
export const ARCHITECTURES: readonly ArchitectureTable[] = [SM50, SM61, SM70, SM75, SM80, SM86, SM89, SM90, SM100, SM120];

/**
 * The table for `name` or one of its aliases (`sm_75`; `sm75`, `SM_75` and `75` are accepted
 * too, and a feature suffix is dropped: `sm_90a`, `sm_100a`, `sm_120f` name their base
 * architecture), or undefined when no table covers it.
 */
export function architectureTable(name: string): ArchitectureTable | undefined {
  const normal = normalize(name);
  return ARCHITECTURES.find((table) => table.name === normal || table.aliases.includes(normal));
}

function normalize(name: string): string {
  const match = /^(?:sm_?)?(\d{2,3})[a-z]?$/i.exec(name.trim());
  return match ? `sm_${match[1]!}` : name.trim();
}
