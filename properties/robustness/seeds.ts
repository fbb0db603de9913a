/**
 * The inputs the robustness campaign mutates: every kind of file the commands read, taken from
 * `examples/` (programs, LRC programs, stream-output scenarios, NVIDIA listings, `.comp`
 * programs), the JSON form of two programs, stream-output traces recorded by `streamout run
 * --trace-out`, and two small ir3 listings written here (the examples have none).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { packageRoot } from '../../format/packageRoot.js';
import { parseProgram } from '../../format/hp/parse.js';
import { programToJson } from '../../format/hp/json.js';
import type { CliIo } from '../../cli/io.js';

/** The kinds of input file; each has its own commands (`commands.ts`). */
export type InputKind = 'hp' | 'program-json' | 'lrc' | 'scenario' | 'trace' | 'cuasm' | 'comp' | 'ir3';

/** One unmutated input: its kind, the file name it is written under (extensions matter), and its text. */
export interface SeedInput {
  readonly kind: InputKind;
  readonly fileName: string;
  readonly text: string;
}

/** Runs the CLI in-process: `run` of `cli/main.ts`, passed in so this module does not import the CLI it tests. */
export type CliRunner = (argv: string[], io: CliIo) => Promise<number>;

/** A computerator-style ir3 shader: a loop, a relative read, (sy) and (ss) waits, repeats. */
const IR3_ASSEMBLY = `@localsize 1, 1, 1
@buf 4  ; g[0]
mov.u32u32 r0.x, 0x1
mov.f32f32 r1.x, c0.y
(rpt2)add.f r2.x, (r)r0.x, c1.x
loop:
add.u r0.x, r0.x, 1
nop
nop
nop
cmps.u.lt p0.x, r0.x, 4
nop
nop
nop
nop
nop
nop
br p0.x, #loop
mova a0.x, hr4.x
(rpt5)nop
mov.u32u32 r3.x, r<a0.x + 4>
ldg.u32 r4.x, g[r0.x], 1
(sy)add.u r5.x, r4.x, r3.x
rcp r6.x, r1.x
(ss)mul.f r7.x, r6.x, r2.y
stg.u32 g[r0.x], r7.x, 1
end
`;

/** A disassembly excerpt as Mesa's CI logs print it (`:cat:index:cycle[encoding] text`). */
const IR3_LOG = `shader: compute
				:1:0000:0000[20554001x_00000000x] mov.s32s32 r0.y, 0
				:2:0001:0001[46d00000x_20020000x] shl.b r0.x, r0.x, 2
				:1:0002:0002[20554002x_00000001x] mov.s32s32 r0.z, 1
				:0:0003:0003[00000000x_00000000x] nop
				:1:0004:0004[20154003x_00000001x] mov.s32s32 r0.w, r0.y
				:2:0005:0005[42300000x_00010000x] add.s r0.x, r0.x, r0.y
				:6:0006:0006[c1060300x_01800002x] stl.u32 l[r0.y], r0.y, 1
				:0:0007:0007[00000400x_00000000x] (rpt4)nop
				:6:0008:0012[c0460000x_01804001x] ldl.u32 r0.x, l[r0.y], 1
				:0:0009:0013[00001000x_00000000x] (ss)nop
				:6:0010:0014[c7260003x_01000601x] stgb.untyped.4d.u32.1 g[0], r0.x, r0.y, r0.w
				:0:0011:0015[03000000x_00000000x] end
`;

/** The files of a folder of `examples/` with the given ending, as seeds of one kind. */
function examplesOf(kind: InputKind, folder: string, ending: string): SeedInput[] {
  const path = join(packageRoot(), 'examples', folder);
  return readdirSync(path).filter((name) => name.endsWith(ending)).sort().map((name) => ({ kind, fileName: name, text: readFileSync(join(path, name), 'utf8') }));
}

/** Traces of the examples' scenarios, recorded by `streamout run --trace-out` (the format `streamout check` reads). */
async function recordedTraces(scenarios: readonly SeedInput[], run: CliRunner): Promise<SeedInput[]> {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-robustness-traces-'));
  const io: CliIo = { stdout: () => undefined, stderr: () => undefined, progress: false };
  try {
    const traces: SeedInput[] = [];
    for (const scenario of scenarios.slice(0, 3)) {
      const output = join(folder, `${basename(scenario.fileName, '.json')}.jsonl`);
      const code = await run(['streamout', 'run', join(packageRoot(), 'examples', 'streamout', scenario.fileName), '--runs', '1', '--seed', '1', '--trace-out', output], io);
      if (code !== 0 && code !== 1) throw new Error(`streamout run --trace-out on ${scenario.fileName} exited ${code}: no trace to mutate`);
      traces.push({ kind: 'trace', fileName: basename(output), text: readFileSync(output, 'utf8') });
    }
    return traces;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Every seed input, one list per kind flattened; traces are recorded with `run` first. */
export async function robustnessSeeds(run: CliRunner): Promise<SeedInput[]> {
  const programs = examplesOf('hp', '.', '.hp');
  const scenarios = examplesOf('scenario', 'streamout', '.json');
  const asJson = programs.filter((seed) => ['three-textures.hp', 'two-warps.hp'].includes(seed.fileName)).map((seed): SeedInput => ({
    kind: 'program-json', fileName: seed.fileName.replace(/\.hp$/, '.json'), text: programToJson(parseProgram(seed.text, seed.fileName).program),
  }));
  return [
    ...programs,
    ...asJson,
    ...examplesOf('lrc', 'lrc', '.hp'),
    ...scenarios,
    ...await recordedTraces(scenarios, run),
    ...examplesOf('cuasm', 'sass', '.cuasm'),
    ...examplesOf('comp', 'components', '.comp'),
    ...examplesOf('comp', join('components', 'unscheduled'), '.comp'),
    { kind: 'ir3', fileName: 'loop.asm', text: IR3_ASSEMBLY },
    { kind: 'ir3', fileName: 'compute.log', text: IR3_LOG },
  ];
}
