import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { InputError, type InputProblem, type SourcePosition } from './error.js';

/** A JSON document already checked against its schema, with a way to locate any path in it. */
export interface JsonInput {
  readonly value: unknown;
  /** Line and column of the value at `path` (or of its deepest existing parent). */
  readonly at: (path: readonly (string | number)[]) => SourcePosition;
}

const validators = new Map<string, ValidateFunction>();

/**
 * Parses JSON text and validates it against the JSON schema in `schemaFile`. Every problem (JSON
 * syntax or schema) is thrown as an `InputError` naming `file:line:col` and the JSON path.
 */
export function parseJsonInput(text: string, file: string, schemaFile: string): JsonInput {
  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false });
  if (syntaxErrors.length > 0 || tree === undefined) {
    const problems = syntaxErrors.map((error) => ({ file, ...positionOf(text, error.offset), message: `invalid JSON: ${printParseErrorCode(error.error)}` }));
    throw new InputError(problems.length > 0 ? problems : [{ file, line: 1, column: 1, message: 'expected a JSON object' }]);
  }
  const value: unknown = JSON.parse(text);
  let validate = validators.get(schemaFile);
  if (!validate) {
    validate = new Ajv({ allErrors: true, discriminator: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    validators.set(schemaFile, validate);
  }
  const at = (path: readonly (string | number)[]) => positionOf(text, nodeAt(tree, path).offset);
  if (!validate(value)) throw new InputError(simplest(validate.errors ?? []).map((error) => schemaProblem(file, at, error)));
  return { value, at };
}

/** `$.instructions[0].control.stall` for ['instructions', 0, 'control', 'stall']. */
export function jsonPath(path: readonly (string | number)[]): string {
  return `$${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`;
}

/** Drops the schema errors that only restate a deeper one (ajv reports each failing branch). */
function simplest(errors: readonly ErrorObject[]): ErrorObject[] {
  const deepest = errors.filter((error) => !errors.some((other) => other !== error && other.instancePath.startsWith(`${error.instancePath}/`)));
  return deepest.filter((error, index) => deepest.findIndex((other) => other.instancePath === error.instancePath) === index);
}

function schemaProblem(file: string, at: JsonInput['at'], error: ErrorObject): InputProblem {
  const path = error.instancePath.split('/').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
  let detail = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') detail = `has unknown property '${String(error.params['additionalProperty'])}'`;
  if (error.keyword === 'const' || error.keyword === 'enum') detail = `${detail}: ${JSON.stringify(error.params['allowedValue'] ?? error.params['allowedValues'])}`;
  return { file, ...at(path), message: `${jsonPath(path)} ${detail}` };
}

/** The deepest existing node along `path` (so a missing property points at its parent). */
function nodeAt(tree: Node, path: readonly (string | number)[]): Node {
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return node;
  }
  return tree;
}

function positionOf(text: string, offset: number): SourcePosition {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
