/**
 * NVIDIA's assembler and disassembler as `npm run setup:nvidia` (scripts/nvidia-tools.sh) unpacks
 * them from Debian's non-free archive: where they are, which architectures each release
 * assembles, and one call from PTX text to a cuobjdump listing. The fuzzer (`fuzz --ptxas`), the
 * NVPTX bench and the ptxas tests all go through here, so every run names the same tools and
 * arguments in its replay line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../format/packageRoot.js';

/** A CUDA release whose tools the setup script unpacks. */
export interface NvidiaRelease {
  /** `11.8` or `12.5`: the cache folder's name and what `--ptxas-version` takes. */
  readonly version: string;
  /** The Debian package version the script downloads. */
  readonly debianPackage: string;
  /** The newest PTX ISA version this ptxas reads (`.version` of the PTX it is handed). */
  readonly ptxVersion: string;
  /** Real architectures it assembles that the checker has tables for, oldest first. */
  readonly architectures: readonly string[];
}

/**
 * The releases, from each ptxas' own `--help` (its `--gpu-name` values) and release notes (PTX ISA
 * 7.8 with CUDA 11.8, 8.5 with CUDA 12.5). sm_53, sm_62 and sm_72 (Tegra) are assembled too but
 * share their family's tables, so they are left out of the default set.
 */
export const NVIDIA_RELEASES: readonly NvidiaRelease[] = [
  { version: '11.8', debianPackage: '11.8.89~11.8.0-5~deb12u1', ptxVersion: '7.8', architectures: ['sm_50', 'sm_52', 'sm_60', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90'] },
  { version: '12.5', debianPackage: '12.5.40~12.5.0-2+b1', ptxVersion: '8.5', architectures: ['sm_50', 'sm_52', 'sm_60', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90', 'sm_90a'] },
];

/** The release of a version name, or undefined. */
export function nvidiaRelease(version: string): NvidiaRelease | undefined {
  return NVIDIA_RELEASES.find((release) => release.version === version);
}

/** Where the setup script unpacks the tools (`HAZARDPROOF_CUDA_CACHE` overrides it). */
export function nvidiaToolsCache(): string {
  return process.env.HAZARDPROOF_CUDA_CACHE ?? join(packageRoot(), 'node_modules', '.cache', 'hazardproof-cuda');
}

/** The unpacked tools of one release. */
export interface NvidiaTools {
  readonly release: NvidiaRelease;
  readonly ptxas: string;
  readonly cuobjdump: string;
  /** null where the package has none. */
  readonly nvdisasm: string | null;
}

/** The tools of a release, or null when `npm run setup:nvidia` has not unpacked them. */
export function nvidiaTools(version: string): NvidiaTools | null {
  const release = nvidiaRelease(version);
  if (release === undefined) return null;
  const bin = join(nvidiaToolsCache(), version, 'usr', 'bin');
  const ptxas = join(bin, 'ptxas');
  const cuobjdump = join(bin, 'cuobjdump');
  if (!existsSync(ptxas) || !existsSync(cuobjdump)) return null;
  const nvdisasm = join(bin, 'nvdisasm');
  return { release, ptxas, cuobjdump, nvdisasm: existsSync(nvdisasm) ? nvdisasm : null };
}

/** How one PTX text is assembled. */
export interface AssembleOptions {
  readonly architecture: string;
  /** ptxas' `-O` level (0 to 3). */
  readonly optimization: 0 | 1 | 2 | 3;
  /**
   * `-c` (relocatable code): keeps every `.func`, so device functions are listed on their own
   * (without it ptxas drops functions no kernel calls). Calls to other functions stay unresolved.
   */
  readonly compileOnly: boolean;
  /** Per-tool limit in seconds. */
  readonly timeoutS: number;
}

/** ptxas' arguments for a PTX file and a cubin, in the order the replay line prints them. */
export function ptxasArguments(options: AssembleOptions, ptx: string, cubin: string): string[] {
  return [`-arch=${options.architecture}`, `-O${options.optimization}`, ...(options.compileOnly ? ['-c'] : []), ptx, '-o', cubin];
}

/** The command line that assembles and disassembles a saved PTX file, for replay lines. */
export function assembleCommandLine(tools: NvidiaTools, options: AssembleOptions, ptx: string): string {
  const cubin = ptx.replace(/\.ptx$/, '') + '.cubin';
  return `${tools.ptxas} ${ptxasArguments(options, ptx, cubin).join(' ')} && ${tools.cuobjdump} -sass ${cubin}`;
}

/** The outcome of assembling: the cuobjdump listing, or what the tools said. */
export type Assembled =
  | { readonly ok: true; readonly listing: string }
  | { readonly ok: false; readonly stage: 'ptxas' | 'cuobjdump'; readonly timedOut: boolean; readonly message: string };

/**
 * PTX retargeted to a release and architecture: `.version` and `.target` lines replaced (the
 * rest is left as written, so PTX that needs a newer architecture is refused by ptxas itself).
 */
export function retargetPtx(ptx: string, release: NvidiaRelease, architecture: string): string {
  return ptx.replace(/^\s*\.version\s+\S+/m, `.version ${release.ptxVersion}`).replace(/^\s*\.target\s+[^\n/]+/m, `.target ${architecture}`);
}

/** The line of a tool's complaint worth showing. */
function firstError(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return (lines.find((line) => /error|fatal/i.test(line)) ?? lines[0] ?? '').slice(0, 300);
}

/** Assembles PTX text and disassembles the result, in a temporary folder removed afterwards. */
export function assemblePtx(tools: NvidiaTools, ptx: string, options: AssembleOptions): Assembled {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-ptxas-'));
  try {
    const source = join(folder, 'kernel.ptx');
    const cubin = join(folder, 'kernel.cubin');
    writeFileSync(source, ptx);
    const assembled = spawnSync(tools.ptxas, ptxasArguments(options, source, cubin), { encoding: 'utf8', timeout: options.timeoutS * 1000 });
    if (assembled.status !== 0) return { ok: false, stage: 'ptxas', timedOut: assembled.signal === 'SIGTERM', message: firstError(assembled.stderr ?? assembled.error?.message ?? '') };
    return disassemble(tools, cubin, options.timeoutS);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `cuobjdump -sass` of a cubin. */
export function disassemble(tools: NvidiaTools, cubin: string, timeoutS: number): Assembled {
  const dump = spawnSync(tools.cuobjdump, ['-sass', cubin], { encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 256 * 1024 * 1024 });
  if (dump.status !== 0) return { ok: false, stage: 'cuobjdump', timedOut: dump.signal === 'SIGTERM', message: firstError(dump.stderr ?? dump.error?.message ?? '') };
  return { ok: true, listing: dump.stdout };
}

/** Runs a command to completion without blocking the thread; stdout and the first 64 KiB of stderr. */
export function runTool(command: string, args: readonly string[], timeoutS: number): Promise<{ code: number | null; timedOut: boolean; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => { if (stderr.length < 65_536) stderr += chunk.toString('utf8'); });
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, timeoutS * 1000);
    let settled = false;
    const finish = (code: number | null, error?: Error) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      done({ code, timedOut: killed, stdout: Buffer.concat(out).toString('utf8'), stderr: error ? error.message : stderr });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

/** `assemblePtx` without blocking the thread (the bench runs several at once). */
export async function assemblePtxAsync(tools: NvidiaTools, ptx: string, options: AssembleOptions): Promise<Assembled> {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-ptxas-'));
  try {
    const source = join(folder, 'kernel.ptx');
    const cubin = join(folder, 'kernel.cubin');
    writeFileSync(source, ptx);
    const assembled = await runTool(tools.ptxas, ptxasArguments(options, source, cubin), options.timeoutS);
    if (assembled.code !== 0) return { ok: false, stage: 'ptxas', timedOut: assembled.timedOut, message: firstError(assembled.stderr) };
    const dump = await runTool(tools.cuobjdump, ['-sass', cubin], options.timeoutS);
    if (dump.code !== 0) return { ok: false, stage: 'cuobjdump', timedOut: dump.timedOut, message: firstError(dump.stderr) };
    return { ok: true, listing: dump.stdout };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

