import type { SassLine } from '../../../format/sass/listing.js';
import { parseInstructionText } from '../../../format/sass/operands.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';

/** One listed instruction, as an importer would give it (no control bits): what the effect tests feed `instructionEffects`. */
export function line(text: string): SassLine {
  const parsed = parseInstructionText(text, 1, 'test.sass', 1);
  return { ...parsed, address: null, control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 } };
}

/** The table of an architecture the tests know exists. */
export function table(name: string): ArchitectureTable {
  const found = architectureTable(name);
  if (found === undefined) throw new Error(`no table ${name}`);
  return found;
}
