/**
 * Which latency classes of a table every use of an unsourced opcode in compiler output fits. A
 * class fits as a writer when, for every pair, the table's figure from that class to the
 * reader's class is at most the cycles the compiler left between them; as a reader likewise from
 * the writer's class. A pair whose cycles equal the figure is tight: the compiler waited exactly
 * what the class needs, the strongest sign the opcode belongs to it. A class no pair contradicts
 * is a hypothesis the output is consistent with, never a measurement.
 */
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { fileOf } from '../../../spec/sass/operandRegisters.js';
import type { LatencyMatrix } from '../../../spec/sass/program.js';
import type { EvidencePair, OpcodeEvidence } from './compilerEvidence.js';

/** One class checked against one role's pairs in one register file. */
export interface ClassFit {
  readonly role: 'writer' | 'reader';
  /** `general`, `predicate`, `uniform` or `uniformPredicate`. */
  readonly file: MatrixName;
  readonly latencyClass: string;
  readonly pairs: number;
  /** Pairs the class's figure exceeds: the compiler issued sooner than the class allows. */
  readonly contradicting: readonly EvidencePair[];
  /** Pairs exactly at the class's figure. */
  readonly tight: readonly EvidencePair[];
  /** The class's slowest figure in that role (its row's maximum as a writer, column's as a reader). */
  readonly slowest: number;
  /** The sum of its figures in that role: of two classes every pair fits, the larger asks more of the code. */
  readonly total: number;
}

/** A latency matrix of a table. */
export type MatrixName = 'general' | 'predicate' | 'uniform' | 'uniformPredicate';

function matrixName(register: string): MatrixName {
  switch (fileOf(register)) {
    case 'P': return 'predicate';
    case 'UR': return 'uniform';
    case 'UP': return 'uniformPredicate';
    default: return 'general';
  }
}

/** Every class of the table's matrices checked against the evidence of one opcode, both roles, best fits first. */
export function classFits(table: ArchitectureTable, evidence: OpcodeEvidence): ClassFit[] {
  const matrices = table.readAfterWrite;
  if (matrices === undefined) return [];
  const fits: ClassFit[] = [];
  for (const role of ['writer', 'reader'] as const) {
    const pairs = role === 'writer' ? evidence.asWriter : evidence.asReader;
    const files = new Set(pairs.map((pair) => matrixName(pair.register)));
    for (const file of files) {
      const matrix = matrices[file];
      if (matrix === undefined) continue;
      const inFile = pairs.filter((pair) => matrixName(pair.register) === file);
      for (const latencyClass of classesOf(matrix, role)) {
        const figure = (pair: EvidencePair): number | null => {
          const other = role === 'writer' ? pair.readerClass : pair.writerClass;
          if (other === null) return null;
          return role === 'writer' ? matrix[latencyClass]?.[other] ?? null : matrix[other]?.[latencyClass] ?? null;
        };
        const judged = inFile.filter((pair) => figure(pair) !== null);
        const figures = role === 'writer' ? Object.values(matrix[latencyClass] ?? {}) : Object.values(matrix).map((row) => row[latencyClass] ?? 0);
        fits.push({
          role, file, latencyClass, pairs: judged.length, slowest: Math.max(...figures), total: figures.reduce((sum, figure) => sum + figure, 0),
          contradicting: judged.filter((pair) => figure(pair)! > pair.distance),
          tight: judged.filter((pair) => figure(pair)! === pair.distance),
        });
      }
    }
  }
  // Consistent first, then the most tight pairs, then the slowest (the safest of equals).
  return fits.sort((a, b) => a.role.localeCompare(b.role) || a.file.localeCompare(b.file) || a.contradicting.length - b.contradicting.length || b.tight.length - a.tight.length || b.slowest - a.slowest);
}

function classesOf(matrix: LatencyMatrix, role: 'writer' | 'reader'): string[] {
  if (role === 'writer') return Object.keys(matrix);
  return [...new Set(Object.values(matrix).flatMap((row) => Object.keys(row)))];
}

/** The class a table should give an unsourced opcode, and how strongly the evidence says so. */
export interface ClassChoice {
  readonly latencyClass: string;
  /** Pairs judged, over every role and register file. */
  readonly pairs: number;
  /** Pairs exactly at the class's figures. */
  readonly tight: number;
}

/**
 * The class every pair fits in every role and register file (a class with no figure where the
 * opcode has pairs does not fit), with the most tight pairs, then the largest figures over its
 * roles (the safest of equals), then the first in the table's order; null when no class fits
 * every pair.
 */
export function chooseClass(fits: readonly ClassFit[]): ClassChoice | null {
  const groups = new Map<string, ClassFit[]>();
  for (const fit of fits) {
    if (fit.pairs === 0) continue;
    const key = `${fit.role} ${fit.file}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(fit);
  }
  if (groups.size === 0) return null;
  const candidates = [...new Set(fits.map((fit) => fit.latencyClass))];
  let best: (ClassChoice & { total: number }) | null = null;
  for (const latencyClass of candidates) {
    const mine = [...groups.values()].map((group) => group.find((fit) => fit.latencyClass === latencyClass));
    if (mine.some((fit) => fit === undefined || fit.contradicting.length > 0)) continue;
    const chosen = mine as ClassFit[];
    const tight = chosen.reduce((sum, fit) => sum + fit.tight.length, 0);
    const pairs = chosen.reduce((sum, fit) => sum + fit.pairs, 0);
    const total = chosen.reduce((sum, fit) => sum + fit.total, 0);
    if (best === null || tight > best.tight || (tight === best.tight && total > best.total)) best = { latencyClass, pairs, tight, total };
  }
  return best === null ? null : { latencyClass: best.latencyClass, pairs: best.pairs, tight: best.tight };
}
