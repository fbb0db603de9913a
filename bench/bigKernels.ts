/**
 * Big real NVIDIA kernels for the scale bench: a generator of long PTX kernels, deterministic
 * from a seed, and the calls that assemble them with the unpacked ptxas (`npm run setup:nvidia`)
 * into cuobjdump listings of about 2,000 to 20,000 instructions.
 *
 * Why generated and not taken from the corpus: the corpus' largest real listings are a few
 * hundred instructions per kernel, while compiler output users check (CUTLASS, unrolled
 * attention kernels) runs to thousands; every instruction of these listings is ptxas' own
 * (scheduling, register allocation, control codes), only the PTX is made up. The PTX mixes
 * what such kernels are made of: long unrolled bodies of global and shared loads and stores,
 * FMA chains over many live accumulators, MUFU math, loops with branches inside, predicated
 * code, `bar.sync`, warp shuffles, atomics, `cp.async` and `ldmatrix` (sm_80+), `mma.sync`
 * (sm_80+) and, on sm_90a, `wgmma.mma_async` (HGMMA, the instruction CUTLASS' Hopper kernels
 * are built around).
 *
 * Run as a script (after a build) it writes the listings to a folder:
 * `node dist/bench/bigKernels.js OUT_DIR [SIZE...]`. `npm run bench` makes them (kept in
 * node_modules/.cache/hazardproof-big-kernels between runs) and checks each in a child process.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkListings } from '../cli/sassCheck.js';
import { packageRoot } from '../format/packageRoot.js';
import { Random } from '../explore/random.js';
import { assemblePtx, nvidiaTools, retargetPtx, type NvidiaTools } from '../impl/nvidia/tools.js';
import type { ListingKernelReport } from '../reports/sass/checkText.js';
import { formatTable } from '../reports/table.js';

/** What a generated kernel may use beyond plain loads, stores and arithmetic. */
export interface BigKernelFeatures {
  /** `mma.sync`, `ldmatrix` and `cp.async` (sm_80 and later). */
  readonly ampere: boolean;
  /** `wgmma.mma_async` with its fence, commit and wait (sm_90a only). */
  readonly wgmma: boolean;
}

/** One big kernel of the bench: which tools, which architecture, how big, which seed. */
export interface BigKernelSpec {
  /** `11.8` or `12.5`: the CUDA release whose ptxas assembles it. */
  readonly release: string;
  readonly architecture: string;
  /** Instructions wanted in the listing (the result lands within a few percent). */
  readonly target: number;
  readonly seed: number;
}

/**
 * The big kernels of `npm run bench`: Ampere (ptxas 11.8), Hopper and its sm_90a-only
 * instructions (ptxas 12.5: the cuobjdump of 11.8 leaves some sm_90 instructions without their
 * text, which the listing reader refuses as a cut listing).
 */
export const BIG_KERNELS: readonly BigKernelSpec[] = [
  { release: '11.8', architecture: 'sm_80', target: 2_000, seed: 1 },
  { release: '11.8', architecture: 'sm_80', target: 5_000, seed: 2 },
  { release: '12.5', architecture: 'sm_90', target: 10_000, seed: 3 },
  { release: '11.8', architecture: 'sm_80', target: 20_000, seed: 4 },
  { release: '12.5', architecture: 'sm_90a', target: 5_000, seed: 5 },
  { release: '12.5', architecture: 'sm_90a', target: 20_000, seed: 6 },
];

/** The features an architecture allows. */
export function featuresOf(architecture: string): BigKernelFeatures {
  const generation = parseInt(architecture.replace(/^sm_/, ''), 10);
  return { ampere: generation >= 80, wgmma: architecture === 'sm_90a' };
}

/** Accumulators live through the whole kernel (ptxas must keep them all in registers, or spill). */
const ACCUMULATORS = 40;
/** Accumulators of the wgmma part (m64n32k16: 16 f32 per thread). */
const WGMMA_ACCUMULATORS = 16;
/** Bytes of shared memory the kernel declares. */
const SHARED_BYTES = 16_384;

/**
 * The PTX of one kernel, `units` pieces long, each piece chosen by the seed. The same seed with
 * more units gives the same kernel with more pieces at the end (the calibration relies on it).
 */
export function bigKernelPtx(seed: number, units: number, features: BigKernelFeatures, name = 'big_kernel'): string {
  const generator = new Random(seed);
  const next = () => generator.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const counts = { f: 0, r: 0, rd: 0, p: 0, d: 0 };
  const fresh = (kind: keyof typeof counts) => `%${kind}${++counts[kind]}`;
  const body: string[] = [];
  const emit = (line: string) => body.push(`\t${line}`);
  let labels = 0;
  const label = (what: string) => `$L_${what}_${++labels}`;

  // Prologue: parameters, the thread's index, its global and shared addresses.
  const input = fresh('rd');
  const output = fresh('rd');
  const n = fresh('r');
  const alpha = fresh('f');
  emit(`ld.param.u64 ${input}, [${name}_in];`);
  emit(`ld.param.u64 ${output}, [${name}_out];`);
  emit(`ld.param.u32 ${n}, [${name}_n];`);
  emit(`ld.param.f32 ${alpha}, [${name}_alpha];`);
  const globalIn = fresh('rd');
  const globalOut = fresh('rd');
  emit(`cvta.to.global.u64 ${globalIn}, ${input};`);
  emit(`cvta.to.global.u64 ${globalOut}, ${output};`);
  const tid = fresh('r');
  const ctaid = fresh('r');
  const ntid = fresh('r');
  const index = fresh('r');
  emit(`mov.u32 ${tid}, %tid.x;`);
  emit(`mov.u32 ${ctaid}, %ctaid.x;`);
  emit(`mov.u32 ${ntid}, %ntid.x;`);
  emit(`mad.lo.s32 ${index}, ${ctaid}, ${ntid}, ${tid};`);
  const offset = fresh('rd');
  emit(`mul.wide.s32 ${offset}, ${index}, 4;`);
  const inBase = fresh('rd');
  const outBase = fresh('rd');
  emit(`add.s64 ${inBase}, ${globalIn}, ${offset};`);
  emit(`add.s64 ${outBase}, ${globalOut}, ${offset};`);
  const shared = fresh('r');
  const sharedOwn = fresh('r');
  const sharedOther = fresh('r');
  const scratch = fresh('r');
  emit(`mov.u32 ${shared}, ${name}_smem;`);
  emit(`and.b32 ${scratch}, ${tid}, 1023;`);
  emit(`shl.b32 ${scratch}, ${scratch}, 2;`);
  emit(`add.u32 ${sharedOwn}, ${shared}, ${scratch};`);
  const swizzled = fresh('r');
  emit(`xor.b32 ${swizzled}, ${tid}, 37;`);
  emit(`and.b32 ${swizzled}, ${swizzled}, 1023;`);
  emit(`shl.b32 ${swizzled}, ${swizzled}, 2;`);
  emit(`add.u32 ${sharedOther}, ${shared}, ${swizzled};`);

  // Distinct offsets, so ptxas can neither merge nor drop a load.
  let nextOffset = 0;
  const globalOffset = () => 4 * (nextOffset += int(1, 9));
  const sharedOffset = () => 4 * int(0, (SHARED_BYTES / 4 - 1024) - 1);
  const accumulators = Array.from({ length: ACCUMULATORS }, () => fresh('f'));
  for (const accumulator of accumulators) emit(`ld.global.f32 ${accumulator}, [${inBase}+${globalOffset()}];`);
  const acc = () => pick(accumulators);
  const wgmmaAccumulators = features.wgmma ? Array.from({ length: WGMMA_ACCUMULATORS }, () => fresh('f')) : [];
  for (const accumulator of wgmmaAccumulators) emit(`mov.f32 ${accumulator}, 0f00000000;`);

  /** `count` loads into fresh registers, each folded into an accumulator. */
  const loads = (count: number, base = inBase) => {
    const values = Array.from({ length: count }, () => {
      const value = fresh('f');
      emit(`ld.global${pick(['', '.nc', '.ca', '.cg'])}.f32 ${value}, [${base}+${globalOffset()}];`);
      return value;
    });
    for (const value of values) {
      const target = acc();
      emit(`fma.rn.f32 ${target}, ${value}, ${alpha}, ${target};`);
    }
  };
  const fmaChain = (count: number) => {
    for (let k = 0; k < count; k++) {
      const target = acc();
      emit(`${pick(['fma.rn.f32', 'fma.rn.ftz.f32'])} ${target}, ${acc()}, ${acc()}, ${target};`);
    }
  };
  const mufu = (count: number) => {
    for (let k = 0; k < count; k++) {
      const value = fresh('f');
      emit(`${pick(['sin.approx.f32', 'cos.approx.f32', 'ex2.approx.ftz.f32', 'lg2.approx.f32', 'rcp.approx.f32', 'sqrt.approx.f32', 'rsqrt.approx.f32', 'tanh.approx.f32'])} ${value}, ${acc()};`);
      const target = acc();
      emit(`add.f32 ${target}, ${target}, ${value};`);
    }
  };
  const stores = (count: number) => {
    for (let k = 0; k < count; k++) emit(`st.global${pick(['', '.wb', '.cg', '.cs'])}.f32 [${outBase}+${globalOffset()}], ${acc()};`);
  };
  const sharedRound = (count: number) => {
    for (let k = 0; k < count; k++) emit(`st.shared.f32 [${sharedOwn}+${sharedOffset()}], ${acc()};`);
    emit('bar.sync 0;');
    for (let k = 0; k < count; k++) {
      const value = fresh('f');
      emit(`ld.shared.f32 ${value}, [${sharedOther}+${sharedOffset()}];`);
      const target = acc();
      emit(`fma.rn.f32 ${target}, ${value}, ${acc()}, ${target};`);
    }
    emit('bar.sync 0;');
  };
  const integer = (count: number) => {
    let value = fresh('r');
    emit(`mov.b32 ${value}, ${acc()};`);
    for (let k = 0; k < count; k++) {
      const result = fresh('r');
      const operation = pick([
        `mul.lo.s32 ${result}, ${value}, ${int(3, 999)};`, `xor.b32 ${result}, ${value}, ${index};`, `shf.l.wrap.b32 ${result}, ${value}, ${value}, ${int(1, 31)};`,
        `popc.b32 ${result}, ${value};`, `bfe.u32 ${result}, ${value}, ${int(0, 15)}, ${int(1, 16)};`, `mad.lo.s32 ${result}, ${value}, ${tid}, ${int(1, 99)};`,
        `min.s32 ${result}, ${value}, ${n};`, `add.s32 ${result}, ${value}, ${ctaid};`,
      ]);
      emit(operation);
      value = result;
    }
    const converted = fresh('f');
    emit(`cvt.rn.f32.s32 ${converted}, ${value};`);
    const target = acc();
    emit(`fma.rn.f32 ${target}, ${converted}, ${alpha}, ${target};`);
  };
  const predicated = (count: number) => {
    const predicate = fresh('p');
    emit(`setp.${pick(['gt', 'lt', 'ge', 'ne'])}.f32 ${predicate}, ${acc()}, ${acc()};`);
    for (let k = 0; k < count; k++) {
      const negate = next() < 0.5 ? '!' : '';
      if (next() < 0.5) {
        emit(`@${negate}${predicate} st.global.f32 [${outBase}+${globalOffset()}], ${acc()};`);
      } else {
        const value = fresh('f');
        emit(`mov.f32 ${value}, ${acc()};`);
        emit(`@${negate}${predicate} ld.global.f32 ${value}, [${inBase}+${globalOffset()}];`);
        const target = acc();
        emit(`add.f32 ${target}, ${target}, ${value};`);
      }
    }
    const target = acc();
    emit(`selp.f32 ${target}, ${acc()}, ${target}, ${predicate};`);
  };
  const shuffles = (count: number) => {
    for (let k = 0; k < count; k++) {
      const bits = fresh('r');
      const shuffled = fresh('r');
      emit(`mov.b32 ${bits}, ${acc()};`);
      emit(`shfl.sync.${pick(['bfly', 'down', 'up', 'idx'])}.b32 ${shuffled}, ${bits}, ${int(1, 16)}, 31, -1;`);
      const value = fresh('f');
      emit(`mov.b32 ${value}, ${shuffled};`);
      const target = acc();
      emit(`add.f32 ${target}, ${target}, ${value};`);
    }
  };
  const atomics = (count: number) => {
    for (let k = 0; k < count; k++) {
      if (next() < 0.5) {
        emit(`red.global.add.f32 [${outBase}+${globalOffset()}], ${acc()};`);
      } else {
        const old = fresh('f');
        emit(`atom.global.add.f32 ${old}, [${outBase}+${globalOffset()}], ${acc()};`);
        const target = acc();
        emit(`add.f32 ${target}, ${target}, ${old};`);
      }
    }
  };
  const doubles = (count: number) => {
    let value = fresh('d');
    emit(`cvt.f64.f32 ${value}, ${acc()};`);
    for (let k = 0; k < count; k++) {
      const result = fresh('d');
      const other = fresh('d');
      emit(`cvt.f64.f32 ${other}, ${acc()};`);
      emit(`fma.rn.f64 ${result}, ${value}, ${other}, ${value};`);
      value = result;
    }
    const target = acc();
    emit(`cvt.rn.f32.f64 ${target}, ${value};`);
  };
  /** A loop counted by the kernel's `n`, its body loads at an address that moves with the count. */
  const loop = (size: number) => {
    const counter = fresh('r');
    const address = fresh('rd');
    const predicate = fresh('p');
    const top = label('loop');
    emit(`mov.u32 ${counter}, 0;`);
    emit(`mov.u64 ${address}, ${inBase};`);
    body.push(`${top}:`);
    loads(int(1, size), address);
    fmaChain(int(1, size));
    if (next() < 0.5) branch(int(1, 3));
    if (next() < 0.3) stores(1);
    emit(`add.s64 ${address}, ${address}, ${int(1, 64) * 128};`);
    emit(`add.s32 ${counter}, ${counter}, 1;`);
    emit(`setp.lt.u32 ${predicate}, ${counter}, ${n};`);
    emit(`@${predicate} bra ${top};`);
  };
  /** An if-else on data, each side a short piece. */
  function branch(size: number): void {
    const predicate = fresh('p');
    const otherwise = label('else');
    const end = label('end');
    emit(`setp.${pick(['gt', 'lt'])}.f32 ${predicate}, ${acc()}, ${acc()};`);
    emit(`@${predicate} bra ${otherwise};`);
    pick([loads, fmaChain, mufu, stores])(size);
    emit(`bra.uni ${end};`);
    body.push(`${otherwise}:`);
    pick([loads, fmaChain, mufu, stores])(size);
    body.push(`${end}:`);
  }
  const mma = () => {
    const fragments = Array.from({ length: 6 }, () => fresh('r'));
    for (const fragment of fragments) emit(`ld.global.b32 ${fragment}, [${inBase}+${globalOffset()}];`);
    const target = Array.from({ length: 4 }, () => acc());
    if (new Set(target).size < 4) return;
    emit(`mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {${target.join(', ')}}, {${fragments.slice(0, 4).join(', ')}}, {${fragments.slice(4).join(', ')}}, {${target.join(', ')}};`);
  };
  const ldmatrix = () => {
    const fragments = Array.from({ length: 4 }, () => fresh('r'));
    const address = fresh('r');
    emit(`add.u32 ${address}, ${sharedOwn}, ${16 * int(0, 255)};`);
    emit(`ldmatrix.sync.aligned.m8n8.x4.shared.b16 {${fragments.join(', ')}}, [${address}];`);
    const b = [fresh('r'), fresh('r')];
    for (const fragment of b) emit(`mov.b32 ${fragment}, ${acc()};`);
    const target = Array.from({ length: 4 }, () => acc());
    if (new Set(target).size < 4) return;
    emit(`mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {${target.join(', ')}}, {${fragments.join(', ')}}, {${b.join(', ')}}, {${target.join(', ')}};`);
  };
  const asyncCopy = (count: number) => {
    for (let k = 0; k < count; k++) emit(`cp.async.ca.shared.global [${sharedOwn}+${sharedOffset()}], [${inBase}+${globalOffset()}], 4;`);
    emit('cp.async.commit_group;');
    emit('cp.async.wait_group 0;');
    emit('bar.sync 0;');
    for (let k = 0; k < count; k++) {
      const value = fresh('f');
      emit(`ld.shared.f32 ${value}, [${sharedOther}+${sharedOffset()}];`);
      const target = acc();
      emit(`add.f32 ${target}, ${target}, ${value};`);
    }
    emit('bar.sync 0;');
  };
  /** Hopper's warpgroup MMA: A and B from shared memory descriptors, D in 16 accumulators per thread. */
  const wgmma = (count: number) => {
    const scale = fresh('p');
    emit(`setp.ne.b32 ${scale}, ${n}, 0;`);
    emit('wgmma.fence.sync.aligned;');
    for (let k = 0; k < count; k++) {
      const a = fresh('rd');
      const b = fresh('rd');
      emit(`mov.b64 ${a}, ${0x4000_0000_0000_0000n + BigInt(int(0, 1023) * 16)};`);
      emit(`mov.b64 ${b}, ${0x4000_0000_0000_0000n + BigInt(int(0, 1023) * 16)};`);
      emit(`wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {${wgmmaAccumulators.join(', ')}}, ${a}, ${b}, ${scale}, 1, 1, 0, 0;`);
    }
    emit('wgmma.commit_group.sync.aligned;');
    if (next() < 0.7) emit('wgmma.wait_group.sync.aligned 0;');
  };

  const pieces: (() => void)[] = [
    () => loads(int(4, 16)), () => loads(int(4, 16)), () => fmaChain(int(8, 24)), () => fmaChain(int(8, 24)),
    () => mufu(int(3, 8)), () => stores(int(2, 6)), () => sharedRound(int(2, 8)), () => integer(int(3, 10)),
    () => predicated(int(2, 6)), () => loop(4), () => branch(int(2, 6)), () => shuffles(int(1, 4)),
    () => atomics(int(1, 3)), () => doubles(int(2, 5)),
  ];
  if (features.ampere) pieces.push(mma, mma, ldmatrix, () => asyncCopy(int(2, 6)));
  if (features.wgmma) pieces.push(() => wgmma(int(1, 4)), () => wgmma(int(1, 4)));
  for (let unit = 0; unit < units; unit++) pick(pieces)();
  if (features.wgmma) emit('wgmma.wait_group.sync.aligned 0;');
  // Every accumulator is stored, so everything computed stays live to the end.
  for (const accumulator of [...accumulators, ...wgmmaAccumulators]) emit(`st.global.f32 [${outBase}+${globalOffset()}], ${accumulator};`);
  emit('ret;');

  const declare = (kind: keyof typeof counts, type: string) => (counts[kind] > 0 ? [`\t.reg ${type} %${kind}<${counts[kind] + 1}>;`] : []);
  return [
    '.version 7.8',
    '.target sm_80',
    '.address_size 64',
    '',
    `.visible .entry ${name}(`,
    `\t.param .u64 ${name}_in,`,
    `\t.param .u64 ${name}_out,`,
    `\t.param .u32 ${name}_n,`,
    `\t.param .f32 ${name}_alpha`,
    ')',
    '{',
    ...declare('f', '.f32'), ...declare('r', '.b32'), ...declare('rd', '.b64'), ...declare('p', '.pred'), ...declare('d', '.f64'),
    `\t.shared .align 16 .b8 ${name}_smem[${SHARED_BYTES}];`,
    ...body,
    '}',
    '',
  ].join('\n');
}

/** Instructions of a cuobjdump listing (lines with an address comment and an instruction). */
export function listingInstructions(listing: string): number {
  return listing.split('\n').filter((line) => /^\s*\/\*[0-9a-f]{4,}\*\/\s+\S/.test(line)).length;
}

/** A big kernel assembled: its listing and how it was made. */
export interface BigKernel {
  readonly spec: BigKernelSpec;
  /** `big_sm80_2000` and so on: the kernel's name and the listing's file name. */
  readonly name: string;
  readonly ptx: string;
  readonly listing: string;
  readonly instructions: number;
  readonly units: number;
}

/** Why a big kernel could not be made: the tools are not unpacked, or ptxas refused. */
export type BigKernelOutcome = { readonly ok: true; readonly kernel: BigKernel } | { readonly ok: false; readonly message: string };

/**
 * Generates and assembles one big kernel at `-O3`: a first guess of units, then rescaled by
 * the instructions ptxas made of it (twice), since ptxas' output per PTX line varies.
 */
export function buildBigKernel(spec: BigKernelSpec, tools: NvidiaTools | null = nvidiaTools(spec.release)): BigKernelOutcome {
  if (tools === null) return { ok: false, message: `NVIDIA tools ${spec.release} are not unpacked (npm run setup:nvidia)` };
  const name = `big_${spec.architecture.replace('_', '')}_${spec.target}`;
  const features = featuresOf(spec.architecture);
  let units = Math.max(4, Math.round(spec.target / 14));
  let made: BigKernel | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const ptx = retargetPtx(bigKernelPtx(spec.seed, units, features, name), tools.release, spec.architecture);
    const assembled = assemblePtx(tools, ptx, { architecture: spec.architecture, optimization: 3, compileOnly: false, timeoutS: 600 });
    if (!assembled.ok) return { ok: false, message: `${assembled.stage}: ${assembled.message}` };
    const instructions = listingInstructions(assembled.listing);
    made = { spec, name, ptx, listing: assembled.listing, instructions, units };
    if (Math.abs(instructions - spec.target) <= spec.target * 0.03) break;
    units = Math.max(1, Math.round(units * spec.target / Math.max(1, instructions)));
  }
  return { ok: true, kernel: made! };
}

/** Writes each kernel's listing (`NAME.sass`) and PTX to `folder`; returns the listings' paths. */
export function writeBigKernels(folder: string, kernels: readonly BigKernel[]): string[] {
  mkdirSync(folder, { recursive: true });
  return kernels.map((kernel) => {
    writeFileSync(join(folder, `${kernel.name}.ptx`), kernel.ptx);
    const file = join(folder, `${kernel.name}.sass`);
    writeFileSync(file, kernel.listing);
    return file;
  });
}

/** Where bench runs keep the listings they made (generating the six takes ptxas about a minute). */
function cacheFolder(): string {
  return join(packageRoot(), 'node_modules', '.cache', 'hazardproof-big-kernels');
}

/**
 * A big kernel's listing file: made now, or by an earlier run with the same spec, generator and
 * tools (the cache key hashes all three, so an edited generator makes new listings).
 */
export function bigKernelListing(spec: BigKernelSpec): { readonly ok: true; readonly file: string; readonly name: string } | { readonly ok: false; readonly message: string } {
  const tools = nvidiaTools(spec.release);
  if (tools === null) return { ok: false, message: `NVIDIA tools ${spec.release} are not unpacked (npm run setup:nvidia)` };
  const key = createHash('sha256').update(JSON.stringify(spec)).update(bigKernelPtx.toString()).update(buildBigKernel.toString()).update(tools.ptxas).digest('hex').slice(0, 16);
  const name = `big_${spec.architecture.replace('_', '')}_${spec.target}`;
  const file = join(cacheFolder(), `${name}.${key}.sass`);
  if (existsSync(file)) return { ok: true, file, name };
  const outcome = buildBigKernel(spec, tools);
  if (!outcome.ok) return outcome;
  mkdirSync(cacheFolder(), { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, outcome.kernel.listing);
  renameSync(`${file}.${process.pid}.tmp`, file);
  return { ok: true, file, name };
}

/** One big kernel as `hazardproof check FILE --json` checks it, measured in a process of its own. */
export interface BigKernelMeasurement {
  readonly name: string;
  readonly release: string;
  readonly architecture: string;
  readonly instructions: number;
  /** Loading, checking and printing the JSON report, wall clock. */
  readonly seconds: number;
  /** The child process' peak resident set (`process.resourceUsage().maxRSS`). */
  readonly peakRssMB: number;
  /** Its V8 heap in use once the report is printed. */
  readonly heapMB: number;
  readonly verdict: string;
  /** Unconfirmed hazards of the kernel (all of them, listed or not). */
  readonly unconfirmed: number;
  /** Bytes of the JSON report. */
  readonly jsonBytes: number;
}

/** The heap limit of the measuring process: the goal is under 1 GB, and a check that needs more fails visibly. */
export const BIG_KERNEL_HEAP_MB = 1024;

/** Checks one listing in a child process (heap limited to `BIG_KERNEL_HEAP_MB`) and returns what it measured, or why it failed. */
export function measureInChild(file: string, spec: BigKernelSpec, name: string): BigKernelMeasurement | { readonly error: string } {
  const child = spawnSync(process.execPath, [`--max-old-space-size=${BIG_KERNEL_HEAP_MB}`, fileURLToPath(import.meta.url), '--measure', file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) return { error: `exit ${child.status ?? child.signal}: ${(child.stderr || line).trim().split('\n').slice(-1)[0] ?? ''}` };
  return { name, release: spec.release, architecture: spec.architecture, ...(JSON.parse(line) as Omit<BigKernelMeasurement, 'name' | 'release' | 'architecture'>) };
}

/** The measurement itself, in the child: `hazardproof check FILE --json`, its output counted, not printed. */
function measureHere(file: string): Omit<BigKernelMeasurement, 'name' | 'release' | 'architecture'> {
  const started = performance.now();
  let printed = '';
  const code = checkListings([file], { from: null, architecture: null, kernels: [], json: true, sarif: false, arguments: [], expect: false, replay: null, timeoutMs: null },
    { stdout: (text) => { printed += text; }, stderr: () => undefined, progress: false });
  const seconds = (performance.now() - started) / 1000;
  if (code === 2) throw new Error(`the listing did not load: ${file}`);
  const report = JSON.parse(printed) as ListingKernelReport;
  return {
    instructions: report.instructions, seconds, peakRssMB: process.resourceUsage().maxRSS / 1024, heapMB: process.memoryUsage().heapUsed / (1024 * 1024),
    verdict: report.verdict, unconfirmed: report.unconfirmedSummary.total, jsonBytes: Buffer.byteLength(printed),
  };
}

/** The bench rows of `BIG_KERNELS`, and a line for each one that could not be made or measured (no tools: every one, saying so). */
export function bigKernelBench(onProgress: (text: string) => void = () => undefined): { readonly rows: readonly BigKernelMeasurement[]; readonly skipped: readonly string[] } {
  const rows: BigKernelMeasurement[] = [];
  const skipped: string[] = [];
  for (const spec of BIG_KERNELS) {
    const what = `${spec.target} instructions, ${spec.architecture} (ptxas ${spec.release})`;
    onProgress(`big generated kernel: ${what}...`);
    const listing = bigKernelListing(spec);
    if (!listing.ok) {
      skipped.push(`${what}: ${listing.message}`);
      continue;
    }
    const measured = measureInChild(listing.file, spec, listing.name);
    if ('error' in measured) skipped.push(`${what}: ${measured.error}`);
    else rows.push(measured);
  }
  return { rows, skipped };
}

/** The text table of the big kernels. */
export function formatBigKernelBench(bench: ReturnType<typeof bigKernelBench>): string {
  const lines = [
    formatTable(['generated kernel (ptxas -O3)', 'instructions', 'seconds', 'peak RSS MB', 'heap MB', 'verdict', 'unconfirmed', 'JSON bytes'],
      bench.rows.map((row) => [`${row.name} (${row.release})`, String(row.instructions), row.seconds.toFixed(2), row.peakRssMB.toFixed(0), row.heapMB.toFixed(0), row.verdict,
        row.unconfirmed.toLocaleString('en-US'), row.jsonBytes.toLocaleString('en-US')]), [1, 2, 3, 4, 6, 7]),
    'PTX generated from a seed (bench/bigKernels.ts: unrolled loads, stores, FMA chains, MUFU, loops, branches, predication, bar.sync, shuffles,',
    `atomics, cp.async, ldmatrix, mma.sync; wgmma on sm_90a), assembled by ptxas, each checked as \`check FILE --json\` in a process of its own (heap limit ${BIG_KERNEL_HEAP_MB} MB).`,
    'Goal: every kernel up to 20,000 instructions in < 10 s and < 1 GB, the JSON summarised.',
  ];
  for (const line of bench.skipped) lines.push(`skipped: ${line}`);
  return lines.join('\n');
}

// As a script: `node dist/bench/bigKernels.js OUT_DIR [SIZE...]` writes the listings (all of BIG_KERNELS, or those of the sizes given);
// `--measure FILE` is the bench's child process.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [first, ...rest] = process.argv.slice(2);
  if (first === '--measure' && rest[0] !== undefined) {
    process.stdout.write(`${JSON.stringify(measureHere(rest[0]))}\n`);
  } else if (first === undefined) {
    process.stderr.write('usage: node dist/bench/bigKernels.js OUT_DIR [SIZE...]\n');
    process.exitCode = 2;
  } else {
    const wanted = BIG_KERNELS.filter((spec) => rest.length === 0 || rest.includes(String(spec.target)));
    const made: BigKernel[] = [];
    for (const spec of wanted) {
      const outcome = buildBigKernel(spec);
      if (!outcome.ok) {
        process.stderr.write(`${spec.release} ${spec.architecture} ${spec.target}: ${outcome.message}\n`);
        continue;
      }
      made.push(outcome.kernel);
      process.stderr.write(`${outcome.kernel.name}: ${outcome.kernel.instructions} instructions (${outcome.kernel.units} units)\n`);
    }
    for (const file of writeBigKernels(first, made)) process.stdout.write(`${file}\n`);
  }
}
