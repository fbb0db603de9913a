import { join } from 'node:path';
import type { Program } from '../../spec/scoreboard/program.js';
import { InputError, type InputProblem } from '../error.js';
import { jsonPath, parseJsonInput } from '../jsonInput.js';
import { packageRoot } from '../packageRoot.js';
import type { ParsedProgram } from './parse.js';
import { validateProgram, type ProblemSite } from './validate.js';

/** The `format` tag of the JSON form. */
export const PROGRAM_JSON_FORMAT = 'hazardproof-program/1';

/** Path of the JSON schema of the program form, inside the package. */
export function programSchemaPath(): string {
  return join(packageRoot(), 'schema', 'program.schema.json');
}

/** Prints a program as JSON (the documented form, validated by `schema/program.schema.json`). */
export function programToJson(program: Program): string {
  const { scoreboards, warps, interlock, pipes, instructions } = program;
  return `${JSON.stringify({ format: PROGRAM_JSON_FORMAT, scoreboards, warps, interlock, pipes, instructions }, null, 2)}\n`;
}

/**
 * Parses the JSON form. Every problem (JSON syntax, schema, semantic rule) is reported as
 * `file:line:col: message` with the JSON path of the offending value.
 */
export function parseProgramJson(text: string, file = '<input>'): ParsedProgram {
  const { value, at } = parseJsonInput(text, file, programSchemaPath());
  const { format: _format, $schema: _schema, ...program } = value as Program & { format: string; $schema?: string };
  const problems: InputProblem[] = validateProgram(program).map(({ site, message }) => {
    const path = sitePath(site);
    return { file, ...at(path), message: `${jsonPath(path)}: ${message}` };
  });
  if (problems.length > 0) throw new InputError(problems);
  const lines = program.instructions.map((_, index) => at(['instructions', index]).line);
  return { program, file, lines };
}

function sitePath(site: ProblemSite): (string | number)[] {
  switch (site.at) {
    case 'scoreboards': return ['scoreboards'];
    case 'warps': return ['warps'];
    case 'pipe': {
      const field = site.field === 'size' ? [] : site.field === 'opcodes' ? ['opcodes', ...(site.item === undefined ? [] : [site.item])] : ['name'];
      return ['pipes', site.pipe, ...field];
    }
    case 'instruction': {
      const base = ['instructions', site.instruction];
      const item = site.item === undefined ? [] : [site.item];
      switch (site.field) {
        case 'wait': return [...base, 'control', 'wait', ...item];
        case 'readScoreboard': case 'writeScoreboard': case 'stall': return [...base, 'control', site.field];
        case 'depbarScoreboard': return [...base, 'scoreboard'];
        case 'depbarLimit': return [...base, 'limit'];
        case 'operands': return [...base, 'destinations', ...item];
        default: return [...base, 'opcode'];
      }
    }
  }
}
