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
 * Deepest nesting of arrays and objects a JSON input may have. The JSON parser that keeps
 * positions (jsonc-parser) and the schema validator (ajv) both recurse once per level, so a few
 * thousand levels overflow the stack; no input needs more than a handful (the deepest, a trace
 * line carrying a scenario with per-batch task vertex lists, has 6).
 */
export const MAX_JSON_DEPTH = 64;

/** Options of `findJsonDepthProblem`: the depth allowed (default `MAX_JSON_DEPTH`), and the file line of the text's first line (default 1). */
export interface JsonDepthOptions {
  readonly maxDepth?: number;
  readonly firstLine?: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
/** Each closing bracket and the opening one it closes: `]` `[`, `}` `{`. */
const OPENER_OF = new Map([[0x5d, 0x5b], [0x7d, 0x7b]]);
const OPENERS = new Set(OPENER_OF.values());

/**
 * The first place where JSON text nests arrays and objects deeper than `maxDepth` (default
 * `MAX_JSON_DEPTH`), as a located problem, or null. It only counts brackets outside strings, in
 * one pass without recursion, so it is safe on any text, valid JSON or not; call it before any
 * recursive parser sees the text (a trace reader calls it on each line, with `firstLine`). A
 * closing bracket closes only the bracket it matches: a parser recovering from `{ ]` is still
 * inside the object, so counting that `]` as closing it would let such text through unmeasured.
 */
export function findJsonDepthProblem(text: string, file: string, options: JsonDepthOptions = {}): InputProblem | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const open: number[] = [];
  let line = options.firstLine ?? 1;
  let lineStart = 0;
  let inString = false;
  for (let offset = 0; offset < text.length; offset++) {
    const char = text.charCodeAt(offset);
    if (char === NEWLINE) {
      line++;
      lineStart = offset + 1;
    } else if (inString) {
      if (char === BACKSLASH) offset++; // the next character is escaped (never a newline in JSON)
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      open.push(char);
      if (open.length > maxDepth) {
        return { file, line, column: offset - lineStart + 1, message: `JSON nested too deeply: expected at most ${maxDepth} levels of arrays and objects` };
      }
    } else if (OPENER_OF.has(char) && open.at(-1) === OPENER_OF.get(char)) {
      open.pop();
    }
  }
  return null;
}

/** Throws an `InputError` when JSON text nests deeper than allowed (see `findJsonDepthProblem`). */
export function checkJsonDepth(text: string, file: string, options: JsonDepthOptions = {}): void {
  const problem = findJsonDepthProblem(text, file, options);
  if (problem !== null) throw new InputError([problem]);
}

/**
 * Parses JSON text and validates it against the JSON schema in `schemaFile`. Every problem (JSON
 * syntax or schema) is thrown as an `InputError` naming `file:line:col` and the JSON path.
 */
export function parseJsonInput(text: string, file: string, schemaFile: string): JsonInput {
  checkJsonDepth(text, file);
  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false });
  const positionOf = positions(text);
  if (syntaxErrors.length > 0 || tree === undefined) {
    const problems = syntaxErrors.map((error) => ({ file, ...positionOf(error.offset), message: `invalid JSON: ${printParseErrorCode(error.error)}` }));
    throw new InputError(problems.length > 0 ? problems : [{ file, line: 1, column: 1, message: 'expected a JSON object' }]);
  }
  const value: unknown = JSON.parse(text);
  let validate = validators.get(schemaFile);
  if (!validate) {
    validate = new Ajv({ allErrors: true, discriminator: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    validators.set(schemaFile, validate);
  }
  const at = (path: readonly (string | number)[]) => positionOf(nodeAt(tree, path).offset);
  if (!validate(value)) throw new InputError(simplest(validate.errors ?? []).map((error) => schemaProblem(file, at, error)));
  return { value, at };
}

/** `$.instructions[0].control.stall` for ['instructions', 0, 'control', 'stall']. */
export function jsonPath(path: readonly (string | number)[]): string {
  return `$${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`;
}

/**
 * Drops the schema errors that only restate a deeper one (ajv reports each failing branch), and
 * keeps one error per path. Linear in the errors: a file with thousands of wrong values is
 * still answered at once.
 */
function simplest(errors: readonly ErrorObject[]): ErrorObject[] {
  const ancestors = new Set<string>();
  for (const error of errors) {
    for (let slash = error.instancePath.lastIndexOf('/'); slash >= 0; slash = error.instancePath.lastIndexOf('/', slash - 1)) {
      const parent = error.instancePath.slice(0, slash);
      if (ancestors.has(parent)) break;
      ancestors.add(parent);
      if (slash === 0) break;
    }
  }
  const seen = new Set<string>();
  return errors.filter((error) => {
    if (ancestors.has(error.instancePath) || seen.has(error.instancePath)) return false;
    seen.add(error.instancePath);
    return true;
  });
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

/** Line and column of an offset, by binary search over the line starts (found once per text). */
function positions(text: string): (offset: number) => SourcePosition {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}
