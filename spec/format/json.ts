import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Program } from '../program.js';
import { InputError, type InputProblem, type SourcePosition } from './error.js';
import { packageRoot } from './packageRoot.js';
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

let validator: ReturnType<Ajv['compile']> | null = null;

/**
 * Parses the JSON form. Every problem (JSON syntax, schema, semantic rule) is reported as
 * `file:line:col: message` with the JSON path of the offending value.
 */
export function parseProgramJson(text: string, file = '<input>'): ParsedProgram {
  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false });
  const at = (offset: number): SourcePosition => positionOf(text, offset);
  if (syntaxErrors.length > 0 || tree === undefined) {
    const problems = syntaxErrors.map((error) => ({ file, ...at(error.offset), message: `invalid JSON: ${printParseErrorCode(error.error)}` }));
    throw new InputError(problems.length > 0 ? problems : [{ file, line: 1, column: 1, message: 'expected a JSON object' }]);
  }
  const value: unknown = JSON.parse(text);
  validator ??= new Ajv({ allErrors: true, discriminator: true, strict: false }).compile(JSON.parse(readFileSync(programSchemaPath(), 'utf8')));
  if (!validator(value)) {
    throw new InputError(simplest(validator.errors ?? []).map((error) => schemaProblem(file, text, tree, error)));
  }
  const { format: _format, $schema: _schema, ...program } = value as Program & { format: string; $schema?: string };
  const problems: InputProblem[] = validateProgram(program).map(({ site, message }) => {
    const path = sitePath(site);
    return { file, ...at(nodeAt(tree, path).offset), message: `${jsonPath(path)}: ${message}` };
  });
  if (problems.length > 0) throw new InputError(problems);
  const lines = program.instructions.map((_, index) => at(nodeAt(tree, ['instructions', index]).offset).line);
  return { program, file, lines };
}

/** Drops the schema errors that only restate a deeper one (ajv reports each failing branch). */
function simplest(errors: readonly ErrorObject[]): ErrorObject[] {
  const deepest = errors.filter((error) => !errors.some((other) => other !== error && other.instancePath.startsWith(`${error.instancePath}/`)));
  return deepest.filter((error, index) => deepest.findIndex((other) => other.instancePath === error.instancePath) === index);
}

function schemaProblem(file: string, text: string, tree: Node, error: ErrorObject): InputProblem {
  const path = error.instancePath.split('/').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
  const node = nodeAt(tree, path);
  let detail = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') detail = `has unknown property '${String(error.params['additionalProperty'])}'`;
  if (error.keyword === 'const' || error.keyword === 'enum') detail = `${detail}: ${JSON.stringify(error.params['allowedValue'] ?? error.params['allowedValues'])}`;
  return { file, ...positionOf(text, node.offset), message: `${jsonPath(path)} ${detail}` };
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

/** The deepest existing node along `path` (so a missing property points at its parent). */
function nodeAt(tree: Node, path: (string | number)[]): Node {
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return node;
  }
  return tree;
}

function jsonPath(path: (string | number)[]): string {
  return `$${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`;
}

function positionOf(text: string, offset: number): SourcePosition {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
