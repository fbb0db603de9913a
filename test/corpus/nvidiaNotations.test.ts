/**
 * Every NVIDIA file of the corpus (`../shared/corpus`, see its README; Mesa's ir3 files have their
 * own tests) is read without `--from` or `--arch`, whatever it is named: a listing with kernels and
 * the architecture its own text (or name) states, or, for a maxas or TuringAs source that needs
 * its assembler's preprocessor, the located error saying so. Verdicts are counted, not pinned
 * (their false alarms are another test's business).
 */
import { readdirSync, statSync, existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { timeBudget } from '../../api/stop.js';
import { InputError } from '../../format/error.js';
import { packageRoot } from '../../format/packageRoot.js';
import { parseListing } from '../../format/sass/load.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';
import { architectureFromFileName } from '../../format/sass/operands.js';
import { checkListingKernels } from '../../api/listing/checkKernels.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`NVIDIA notation corpus tests skipped: ${corpus} is absent`);

/** Files that are not listings: licences and read-me files, by name. */
const NOT_LISTINGS = /(^|[-_.])(LICEN[CS]E|README)([-_.]|$)/i;

/** Every file under the corpus but Mesa's, as `folder/name` (nested folders kept). */
function corpusFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!NOT_LISTINGS.test(name)) files.push(relative(corpus, path));
    }
  };
  for (const name of readdirSync(corpus).sort()) {
    const path = join(corpus, name);
    if (name !== 'mesa-ir3' && statSync(path).isDirectory()) walk(path);
  }
  return files;
}

/** What a maxas or TuringAs source is refused with: each assembler's preprocessor is needed first. */
const PREPROCESSOR = /maxas preprocessor|maxas\.pl|turingas runs <CODE> blocks as Python/;

/**
 * A kernel's check may take this long; past it the verdict is `unknown` (a budget, which the goals
 * test counts as an unknown naming no fact). Every kernel takes under 2 s alone; the budget only
 * stops a hang, with room for two test workers sharing two cores.
 */
const KERNEL_BUDGET_MS = 20_000;

interface FolderCount {
  files: number;
  read: number;
  preprocessor: number;
  kernels: number;
  verdicts: Record<string, number>;
  architectures: Set<string>;
}

const files = haveCorpus ? corpusFiles() : [];
/** Every kernel's verdict, for the goals checked once all files are read. */
/** `unfollowed`: the lowering left code the model cannot follow (an `unsupported` note), so no proof can be had. */
const verdicts: { file: string; kernel: string; verdict: string; facts: number; reason: string; unfollowed: string | null }[] = [];
/** Hand-written or hand-edited listings (the corpus README): a hazard there may be real. */
const HAND_WRITTEN = /^(turingas|maxas-templates|neon)\/|regbank_test|RegBank|tinygrad/;
const counts = new Map<string, FolderCount>();
const countOf = (file: string): FolderCount => {
  const folder = file.split('/')[0]!;
  if (!counts.has(folder)) counts.set(folder, { files: 0, read: 0, preprocessor: 0, kernels: 0, verdicts: {}, architectures: new Set() });
  return counts.get(folder)!;
};

describe.skipIf(!haveCorpus)('every NVIDIA file of the corpus is read, or refused as a preprocessor source', () => {
  it('has files in every NVIDIA folder', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(files)('%s', (file) => {
    const count = countOf(file);
    count.files++;
    const path = join(corpus, file);
    const text = readFileSync(path, 'utf8');
    let kernels;
    try {
      kernels = listingKernelsOfText(text, path, { from: null, architecture: null, kernels: [] });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // Not read: only a preprocessor source may be refused, at the line of its first such construct.
      const first = error.problems[0]!;
      expect(first.message, error.message).toMatch(PREPROCESSOR);
      expect(first.line, error.message).toBeGreaterThan(1);
      count.preprocessor++;
      return;
    }
    expect(kernels.length).toBeGreaterThan(0);
    const architecture = parseListing(text, path).architecture;
    expect(architecture, 'the architecture comes from the file').not.toBeNull();
    // A name that states an architecture agrees with the text (`sm_120a` text, `sm_120` name).
    const named = architectureFromFileName(file);
    if (named !== null) expect(architecture!.replace(/[a-z]$/, '')).toBe(named.replace(/[a-z]$/, ''));
    count.read++;
    count.architectures.add(architecture!);
    for (const kernel of kernels) expect(kernel.program.architecture).toBe(architecture);
    for (const { result, program } of checkListingKernels(kernels, { shouldStopFor: () => timeBudget({ timeoutMs: KERNEL_BUDGET_MS }).shouldStop })) {
      count.kernels++;
      count.verdicts[result.verdict] = (count.verdicts[result.verdict] ?? 0) + 1;
      const unsupported = kernels.find((kernel) => kernel.program.name === program.name)?.notes.find((note) => note.kind === 'unsupported');
      verdicts.push({ file, kernel: program.name, verdict: result.verdict, facts: result.assumed.length, reason: result.reason, unfollowed: unsupported?.message ?? null });
    }
  }, 60_000);

  it('goals over every kernel: no hazard on compiler output, unknown on under 2% of the kernels the model follows whole, each naming the facts it rests on', () => {
    expect(verdicts.length).toBeGreaterThan(300);
    const hazards = verdicts.filter((entry) => entry.verdict === 'hazard');
    expect(hazards.filter((entry) => !HAND_WRITTEN.test(entry.file)).map((entry) => `${entry.file} ${entry.kernel}`)).toEqual([]);
    // A kernel with code the model cannot follow is never proved (cudatest's argtest calls a subroutine through a register): it names that code.
    const unfollowed = verdicts.filter((entry) => entry.unfollowed !== null);
    expect(unfollowed.filter((entry) => entry.verdict === 'proved-safe').map((entry) => `${entry.file} ${entry.kernel}`)).toEqual([]);
    expect(unfollowed.length).toBeLessThanOrEqual(6);
    const followed = verdicts.filter((entry) => entry.unfollowed === null);
    const unknown = followed.filter((entry) => entry.verdict === 'unknown');
    expect(unknown.length / followed.length).toBeLessThan(0.02);
    expect(unknown.filter((entry) => entry.facts === 0).map((entry) => `${entry.file} ${entry.kernel}: ${entry.reason}`)).toEqual([]);
  });

  afterAll(() => {
    for (const [folder, count] of counts) {
      const verdicts = Object.entries(count.verdicts).map(([verdict, n]) => `${n} ${verdict}`).join(', ') || 'none';
      const architectures = count.read === 0 ? '' : ` (${[...count.architectures].sort().join(', ')})`;
      console.log(`${folder}: ${count.files} files: ${count.read} read${architectures}, ${count.preprocessor} preprocessor sources refused, ${count.files - count.read - count.preprocessor} failed; ${count.kernels} kernels: ${verdicts}`);
    }
  });
});
