/**
 * Builds the playground: one HTML page, one script (the library and the page, bundled by esbuild
 * for the browser) and one style sheet, into a folder that any static host serves as it is (or a
 * browser opens from disk). `npm run build:playground` runs it; the browser test calls it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { PAGE_STYLE } from '../../reports/html/pageStyle.js';

/**
 * The repository's root: the folder above this module that holds `playground/src/`. Found by
 * looking, because this module runs both from its source (vitest) and bundled into another folder
 * (`npm run build:playground`).
 */
export const REPOSITORY_ROOT = findRoot(import.meta.dirname);

function findRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'playground', 'src', 'main.ts'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no playground sources above ${start}`);
  }
}

/** Where `npm run build:playground` writes the page (git-ignored). */
export const DEFAULT_PLAYGROUND_DIR = join(REPOSITORY_ROOT, 'playground-dist');

/** The files of a built playground, as a host serves them. */
export const PLAYGROUND_FILES = ['index.html', 'playground.js', 'playground.css'] as const;

/** The examples of the menu, one per kind of input (paths under the repository's root, which name them on the page too). */
export const PLAYGROUND_EXAMPLES: readonly { readonly label: string; readonly file: string }[] = [
  { label: 'NVIDIA listing: a missing wait (sm_75, hazard)', file: 'examples/sass/missing-wait.sm_75.cuasm' },
  { label: 'NVIDIA listing: the same kernel, safe (sm_75)', file: 'examples/sass/safe.sm_75.cuasm' },
  { label: 'scoreboard program: three textures, one DEPBAR too loose (hazard)', file: 'examples/three-textures-unsafe.hp' },
  { label: 'LRC program: a missing dependency bit (hazard)', file: 'examples/lrc/missing-bit.hp' },
  { label: 'component program: an ELU result without its wait (hazard)', file: 'examples/components/elu-no-sync.comp' },
  { label: 'component program: fmac with one filler (proved safe)', file: 'examples/components/fmac-filler.comp' },
  { label: 'stream-output scenario: a buffer that overflows', file: 'examples/streamout/overflow.json' },
];

/**
 * The package folder the bundle pretends to be in. `import.meta.url` is replaced by a URL inside
 * it, so that the library's `packageRoot()` finds it, and `node/fs.ts` serves its files.
 */
const PACKAGE_ROOT = '/hazardproof';

/**
 * Node's modules, and where the page gets each: a stand-in in `playground/src/node/`. Nothing
 * else of Node may enter the bundle; the build fails on any other.
 */
const NODE_STAND_INS: Readonly<Record<string, string>> = {
  'node:crypto': 'crypto.ts', 'node:fs': 'fs.ts', 'node:path': 'path.ts', 'node:url': 'url.ts', 'node:worker_threads': 'worker_threads.ts',
};

/**
 * Modules that must never be in the page, each with why: the build fails when the bundle's
 * graph reaches one (a checker that starts importing one must get a seam, not a broken page).
 */
const FORBIDDEN_INPUTS: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /node_modules\/z3-solver\//, why: 'Z3 (prove) runs in Node only' },
  { pattern: /(^|\/)api\/worker\//, why: 'the library\'s worker threads run in Node only' },
  { pattern: /(^|\/)solver\//, why: 'the solver encodings need Z3' },
  { pattern: /node_modules\/(vitest|fast-check|playwright-core)\//, why: 'test tooling' },
];

/** What a build wrote: each file and its size in bytes. */
export interface PlaygroundBuild {
  readonly outDir: string;
  readonly files: readonly { readonly name: string; readonly bytes: number }[];
  /** Every module in the script, as paths relative to the repository (the test reads it). */
  readonly modules: readonly string[];
}

/** Options of `buildPlayground`. */
export interface PlaygroundBuildOptions {
  /** The folder to write (emptied first); default `playground-dist/`. */
  readonly outDir?: string;
  /** Minify the script (default true: 3 times smaller). */
  readonly minify?: boolean;
}

/** Builds the page into `outDir`; throws when the bundle would hold a module the page must not have. */
export async function buildPlayground(options: PlaygroundBuildOptions = {}): Promise<PlaygroundBuild> {
  const outDir = options.outDir ?? DEFAULT_PLAYGROUND_DIR;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const source = join(REPOSITORY_ROOT, 'playground', 'src');
  const result = await build({
    entryPoints: [join(source, 'main.ts')],
    outfile: join(outDir, 'playground.js'),
    bundle: true,
    // A classic script, not a module: a module script does not load from file://, and the page must open from disk.
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
    minify: options.minify ?? true,
    legalComments: 'eof',
    metafile: true,
    absWorkingDir: REPOSITORY_ROOT,
    logLevel: 'silent',
    define: {
      'import.meta.url': JSON.stringify(`file://${PACKAGE_ROOT}/playground.js`),
      // `HAZARDPROOF_SEED` is never set in a page; the page gives every run its seed.
      'process.env': '{}',
    },
    plugins: [nodeStandIns(join(source, 'node')), virtualModules()],
  });
  // Paths relative to the repository (absWorkingDir); the virtual modules keep their namespace prefix.
  const modules = Object.keys(result.metafile.inputs);
  refuseForbidden(result.metafile, modules);
  writeFileSync(join(outDir, 'index.html'), readFileSync(join(source, 'index.html'), 'utf8'));
  writeFileSync(join(outDir, 'playground.css'), `/* The HTML report's style sheet (reports/html/pageStyle.ts). */\n${PAGE_STYLE.trim()}\n\n${readFileSync(join(source, 'style.css'), 'utf8')}`);
  const files = PLAYGROUND_FILES.map((name) => ({ name, bytes: statSync(join(outDir, name)).size }));
  const unexpected = readdirSync(outDir).filter((name) => !(PLAYGROUND_FILES as readonly string[]).includes(name));
  if (unexpected.length > 0) throw new Error(`the playground build wrote files it does not list: ${unexpected.join(', ')}`);
  return { outDir, files, modules };
}

/** Resolves `node:*` imports to the page's stand-ins, and refuses any Node module without one. */
function nodeStandIns(folder: string): Plugin {
  return {
    name: 'node-stand-ins',
    setup(plugin) {
      plugin.onResolve({ filter: /^node:/ }, (args) => {
        const standIn = NODE_STAND_INS[args.path];
        if (standIn === undefined) return { errors: [{ text: `${args.path} (imported by ${relative(REPOSITORY_ROOT, args.importer)}) has no stand-in in the playground: give the checker a seam that does not need it` }] };
        return { path: join(folder, standIn) };
      });
    },
  };
}

/** `playground:examples` and `playground:package-files`, made from the repository's files at build time. */
function virtualModules(): Plugin {
  return {
    name: 'playground-virtual-modules',
    setup(plugin) {
      plugin.onResolve({ filter: /^playground:/ }, (args) => ({ path: args.path, namespace: 'playground' }));
      plugin.onLoad({ filter: /.*/, namespace: 'playground' }, (args) => {
        if (args.path === 'playground:examples') {
          const examples = PLAYGROUND_EXAMPLES.map(({ label, file }) => ({ label, file, text: readFileSync(join(REPOSITORY_ROOT, file), 'utf8') }));
          return { contents: `export const EXAMPLES = ${JSON.stringify(examples)};`, loader: 'js' };
        }
        if (args.path === 'playground:package-files') return { contents: packageFilesModule(), loader: 'js' };
        return { errors: [{ text: `no module ${args.path}` }] };
      });
    },
  };
}

/** The package files the library reads at run time: its name (to find the folder) and its JSON schemas. */
function packageFilesModule(): string {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const files: Record<string, string> = { 'package.json': JSON.stringify({ name: manifest.name, version: manifest.version }) };
  for (const name of readdirSync(join(REPOSITORY_ROOT, 'schema')).filter((entry) => entry.endsWith('.json')).sort()) {
    files[`schema/${name}`] = readFileSync(join(REPOSITORY_ROOT, 'schema', name), 'utf8');
  }
  return `export const PACKAGE_ROOT = ${JSON.stringify(PACKAGE_ROOT)};\nexport const PACKAGE_FILES = ${JSON.stringify(files)};`;
}

/** Throws when the bundle holds a module of `FORBIDDEN_INPUTS`, or would load anything at run time. */
function refuseForbidden(metafile: Metafile, modules: readonly string[]): void {
  const found = modules.flatMap((module) => FORBIDDEN_INPUTS.filter(({ pattern }) => pattern.test(module)).map(({ why }) => `${module} (${why})`));
  if (found.length > 0) throw new Error(`the playground bundle would hold modules a page cannot run:\n  ${found.join('\n  ')}`);
  // The script is self-contained: esbuild leaves nothing to load at run time.
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
  if (imports.length > 0) throw new Error(`the playground script would load ${imports.join(', ')} at run time`);
}

/** The build's summary line: where it went and each file's size. */
export function describeBuild(built: PlaygroundBuild): string {
  const sizes = built.files.map(({ name, bytes }) => `${name} ${(bytes / 1024).toFixed(1)} KiB`).join(', ');
  return `playground built in ${relative(process.cwd(), built.outDir) || '.'}/: ${sizes} (${built.modules.length} modules); open index.html, or serve the folder`;
}
