/**
 * The proof side of every table against the compiler output it was built from and checked on:
 * no listing of ptxas output in `../shared/corpus` reads a fixed-latency result without a
 * scoreboard sooner than the table's figure for that writer and reader (`tableFit`), and each
 * opcode a table places in a class by compiler output (`inferred-bound`) is in the class
 * `facts --evidence` chooses, no pair contradicting it. Hand-written listings may contradict:
 * turingas/copy_element.sass does, at its known hazard. Skips with a notice without the corpus.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFiles, corpusFolders } from '../../bench/corpusFolders.js';
import { evidenceRows } from '../../cli/factsEvidence.js';
import { packageRoot } from '../../format/packageRoot.js';
import type { LoadedKernel } from '../../format/sass/loadKernels.js';
import { classFits } from '../../impl/sass/facts/classFit.js';
import { tableFit } from '../../impl/sass/facts/tableFit.js';
import { architectureTable } from '../../spec/sass/architectures/index.js';
import { provenanceOf } from '../../spec/sass/architectures/provenance.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`NVIDIA table-fit corpus tests skipped: ${corpus} is absent`);

/** Folders of hand-written or hand-edited code (the corpus README), where a contradiction can be a real hazard. */
const HAND_WRITTEN = new Set(['turingas', 'maxas-templates', 'neon']);

/** Every kernel of the corpus's NVIDIA folders, by the bench's one walk (preprocessor sources refused there: nvidiaNotations.test.ts checks their errors). */
function loadedKernels(): { folder: string; kernel: LoadedKernel }[] {
  return corpusFolders(corpus).flatMap((folder) => corpusFiles(corpus, folder).flatMap(({ kernels }) => (kernels ?? []).map((kernel) => ({ folder, kernel }))));
}

describe.skipIf(!haveCorpus)('the tables against the compiler output of the corpus', () => {
  const all = haveCorpus ? loadedKernels() : [];

  it('no ptxas listing reads a fixed-latency result sooner than the proof side allows; the tables are exact on many pairs', () => {
    const compiled = all.filter(({ folder }) => !HAND_WRITTEN.has(folder)).map(({ kernel }) => kernel);
    const fit = tableFit(compiled);
    expect(fit.contradicting.map((pair) => `${pair.writer.file}:${pair.writer.line} -> ${pair.reader.line}`)).toEqual([]);
    expect(fit.pairs).toBeGreaterThan(20_000);
    expect(fit.tight.length).toBeGreaterThan(fit.pairs / 5);
    console.log(`table fit over ${compiled.length} compiled kernels: ${fit.pairs} pairs, ${fit.tight.length} exact, ${fit.contradicting.length} sooner than the tables allow`);
  });

  it('the hand-written copy_element reads a result too soon, at the line of its hazard', () => {
    const copy = all.filter(({ kernel }) => kernel.file.endsWith('turingas/copy_element.sass')).map(({ kernel }) => kernel);
    expect(tableFit(copy).contradicting.map((pair) => pair.writer.line)).toContain(14);
  });

  it('each opcode placed in a class by compiler output is in the class the evidence chooses, and no pair contradicts the table', () => {
    const compiled = all.filter(({ folder }) => !HAND_WRITTEN.has(folder)).map(({ kernel }) => kernel);
    const rows = evidenceRows(compiled);
    const inferred = rows.filter((row) => {
      const info = architectureTable(row.architecture)?.opcodes[row.opcode];
      return info !== undefined && provenanceOf(info.source) === 'inferred-bound' && info.kind === 'fixed' && info.latencyClass === row.tableClass && row.evidence.asWriter.length + row.evidence.asReader.length > 0;
    });
    expect(inferred.map((row) => `${row.architecture} ${row.opcode}`)).toEqual(expect.arrayContaining(['sm_120 IADD', 'sm_120 I2FP', 'sm_89 I2FP', 'sm_90 DADD', 'sm_90 DSETP']));
    for (const row of rows) expect(row.contradicting.map((pair) => `${row.architecture} ${row.opcode}: ${pair.writer.file}:${pair.writer.line}`)).toEqual([]);
    // Opcodes the table itself gives no class of its own (IADD on sm_120, FP64 on sm_90...) are in
    // the chosen one, or in a class the corpus cannot tell from it: one fitting every pair with as
    // many exact pairs, chosen by wider evidence (sm_89's I2FP: alu, as ptxas 12.5's output of
    // LLVM's tests needs, where the corpus alone ties alu, fp16 and fp16F32; ptxas-i2fp-class).
    for (const row of inferred.filter((entry) => ['IADD', 'VIMNMX', 'I2FP', 'UI2FP', 'UI2F', 'UFSEL', 'CS2UR', 'DADD', 'DMUL', 'DFMA', 'DSETP'].includes(entry.opcode))) {
      const name = `${row.architecture} ${row.opcode}`;
      if (row.fits?.latencyClass === row.tableClass) continue;
      const mine = classFits(architectureTable(row.architecture)!, row.evidence).filter((fit) => fit.latencyClass === row.tableClass && fit.pairs > 0);
      expect(mine.length, name).toBeGreaterThan(0);
      expect(mine.flatMap((fit) => fit.contradicting), name).toEqual([]);
      expect(mine.reduce((sum, fit) => sum + fit.tight.length, 0), name).toBe(row.fits?.tight);
    }
  }, 60_000);
});
