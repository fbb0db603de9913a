import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileLrcProgram } from '../../impl/lrc/compiled.js';
import { LrcSimulator } from '../../impl/lrc/simulator.js';
import { loadProgram } from '../../format/hp/load.js';
import { compileForAll, compileWorkload, MECHANISMS, type CompiledWorkload } from '../../reports/compare/compile.js';
import { compareWorkload, drawDelays, lrcScheduleOf, mistakeReport, prepareMechanism } from '../../reports/compare/run.js';
import { formatComparisonTable } from '../../reports/compare/table.js';
import { randomWorkload, requestKindOf, workloadFromScoreboard, type Workload } from '../../reports/compare/workload.js';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');

/** A load feeding an ALU op, an SFU op, a WAR on the load's address: every kind of dependence, tiny. */
const tiny: Workload = [
  { kind: 'load', destinations: ['r1'], sources: ['r0'] },
  { kind: 'sfu', destinations: ['r2'], sources: ['r3'] },
  { kind: 'alu', destinations: ['r4'], sources: ['r1', 'r2'] },
  { kind: 'alu', destinations: ['r0'], sources: ['r4'] },
  { kind: 'shared', destinations: [], sources: ['r0', 'r4'] },
  { kind: 'texture', destinations: ['r5'], sources: ['r0'] },
];

/** An SFU result used while a texture fetch is still outstanding (examples/lrc/two-classes.hp's workload). */
const sfuWhileTexture: Workload = [
  { kind: 'texture', destinations: ['r1'], sources: ['r0'] },
  { kind: 'sfu', destinations: ['r2'], sources: ['r0'] },
  { kind: 'alu', destinations: ['r3'], sources: ['r2'] },
  { kind: 'alu', destinations: ['r4'], sources: ['r3'] },
  { kind: 'alu', destinations: ['r5'], sources: ['r1', 'r4'] },
];

const prepared = (workload: Workload) => compileForAll(workload).map(prepareMechanism);

describe('mechanism comparison', () => {
  it('compiles a tiny workload for every mechanism and runs 50 schedules: finite stalls, no finding anywhere', () => {
    const comparison = compareWorkload('tiny', tiny, { schedules: 50, seed: 11, maxLatency: 8 });
    expect(comparison.results.map((r) => r.mechanism)).toEqual(MECHANISMS);
    for (const result of comparison.results) {
      expect(result.mistakeCount, `${result.mechanism}: ${result.mistakes.map((m) => m.finding).join('; ')}`).toBe(0);
      expect(Number.isFinite(result.stallCycles)).toBe(true);
      expect(result.stallCycles).toBeGreaterThanOrEqual(0);
    }
    expect(mistakeReport([comparison])).toEqual([]);
    // The passes did something: LRC flags and scoreboard waits protect the load.
    const lrc = compileWorkload(tiny, 'lrc-one-class');
    expect(lrc.machine === 'lrc' && lrc.program.instructions.some((i) => i.waitFor.length > 0)).toBe(true);
    const scoreboard = compileWorkload(tiny, 'scoreboard');
    expect(scoreboard.machine === 'scoreboard' && scoreboard.program.instructions.some((i) => i.control.wait.length > 0 || i.kind === 'depbar')).toBe(true);
  });

  it('per schedule: every run is clean and issues the last instruction, and every mechanism\'s stalls are >= 0', () => {
    for (const seed of [1, 2, 3]) {
      const mechanisms = prepared(randomWorkload(seed, 24));
      for (let k = 0; k < 50; k++) {
        const delays = drawDelays(24, 100 * seed + k, 8);
        mechanisms.forEach((mechanism) => {
          const outcome = mechanism.run(delays);
          expect(outcome.findings, `${mechanism.compiled.mechanism}, workload ${seed}, schedule ${delays.seed}`).toEqual([]);
          expect(outcome.lastIssue).not.toBeNull();
          expect(outcome.stallCycles).toBeGreaterThanOrEqual(0);
        });
      }
    }
  });

  it('the LRC stall count is the one LrcSimulator reports for a single thread', () => {
    const workload = randomWorkload(5, 24);
    for (const mechanism of ['lrc-one-class', 'lrc-two-classes'] as const) {
      const compiled = compileWorkload(workload, mechanism);
      const simulator = new LrcSimulator(compileLrcProgram(compiled.program as Extract<CompiledWorkload, { machine: 'lrc' }>['program']));
      const run = prepareMechanism(compiled).run;
      for (let k = 0; k < 20; k++) {
        const delays = drawDelays(workload.length, k, 8);
        expect(run(delays).stallCycles).toBe(simulator.run(lrcScheduleOf(compiled, delays)).stallCycles);
      }
    }
  });

  it('two classes never stall more than one class when an SFU result is used while a texture fetch is outstanding', () => {
    const [one, two] = prepared(sfuWhileTexture);
    let saved = 0;
    for (let k = 0; k < 200; k++) {
      const delays = drawDelays(sfuWhileTexture.length, k, 12);
      const a = one!.run(delays);
      const b = two!.run(delays);
      expect(a.findings).toEqual([]);
      expect(b.findings).toEqual([]);
      expect(b.stallCycles, `schedule ${k}`).toBeLessThanOrEqual(a.stallCycles);
      saved += a.stallCycles - b.stallCycles;
    }
    expect(saved).toBeGreaterThan(0); // (ss) lets the ALU work start before the texture data is back
  });

  it('reports a compiled program with a hazard as a MISTAKE with its program, never hides it', () => {
    // An LRC program without its flags (not what the pass produces) stands in for a buggy pass.
    const annotated = compileWorkload(sfuWhileTexture, 'lrc-one-class') as Extract<CompiledWorkload, { machine: 'lrc' }>;
    const broken: CompiledWorkload = { ...annotated, program: { ...annotated.program, instructions: annotated.program.instructions.map((i) => ({ ...i, waitFor: [] })) } };
    const findings = Array.from({ length: 20 }, (_, k) => prepareMechanism(broken).run(drawDelays(5, k, 8)).findings).flat();
    expect(findings.some((finding) => /^RAW on r2: #1 rcp r2 <- r0 \/ #2 add r3 <- r2/.test(finding))).toBe(true);
    const comparison = compareWorkload('w', sfuWhileTexture, { schedules: 1, seed: 1, maxLatency: 8 });
    const withMistake = { ...comparison, results: comparison.results.map((r, index) => (index === 0 ? { ...r, mistakeCount: 1, mistakes: [{ scheduleSeed: 4, finding: findings[0]! }] } : r)) };
    const report = mistakeReport([withMistake]).join('\n');
    expect(report).toMatch(/^MISTAKE: LRC, one class on w: 1 finding\(s\) in the compiled program \(a bug in annotateLrcProgram/);
    expect(report).toContain('schedule seed 4 (max latency 8): RAW on r2');
    expect(report).toContain('    .machine lrc');
    expect(formatComparisonTable([withMistake])).toMatch(/\d !/);
  });

  it('random workloads are deterministic, mix every kind, and include WARs on request sources', () => {
    expect(randomWorkload(9, 24)).toEqual(randomWorkload(9, 24));
    const all = Array.from({ length: 30 }, (_, seed) => randomWorkload(seed, 24));
    const kinds = new Set(all.flat().map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['alu', 'load', 'sfu', 'shared', 'texture']);
    const war = all.some((workload) => workload.some((instruction, index) =>
      workload.slice(Math.max(0, index - 4), index).some((earlier) => earlier.kind !== 'alu' && instruction.destinations.some((d) => earlier.sources.includes(d)))));
    expect(war).toBe(true);
    for (const workload of all.slice(0, 10)) {
      for (const result of compareWorkload('r', workload, { schedules: 20, seed: 3, maxLatency: 8 }).results) expect(result.mistakeCount).toBe(0);
    }
  });

  it('classes request opcodes by name, and reads scoreboard programs by pipe', () => {
    expect(['isam', 'sam.base0', 'tex', 'TEX', 'TLD4'].map(requestKindOf)).toEqual(['texture', 'texture', 'texture', 'texture', 'texture']);
    expect(['rcp', 'rsq', 'sin', 'cos', 'log2', 'exp2', 'sqrt', 'MUFU.RCP'].map(requestKindOf)).toEqual(Array(8).fill('sfu'));
    expect(['ldl', 'lds', 'ldlw', 'stl', 'sts', 'LDS', 'STS'].map(requestKindOf)).toEqual(Array(7).fill('shared'));
    expect(['ldg', 'stg', 'ldib', 'LDG.E.64', 'STG'].map(requestKindOf)).toEqual(Array(5).fill('load'));
    const workload = workloadFromScoreboard(loadProgram(join(root, 'examples', 'three-textures.hp')).program);
    expect(workload.length).toBeGreaterThan(0);
    expect(workload.some((i) => i.kind === 'texture')).toBe(true);
    expect(workload.every((i) => i.kind === 'texture' || i.kind === 'alu' || i.kind === 'load')).toBe(true);
  });
});

describe('hazardproof compare', () => {
  it('prints the table, the seed and the command that repeats the run, exit 0', async () => {
    const file = join(root, 'examples', 'lrc', 'two-classes.hp');
    const { code, stdout, stderr } = await cli('compare', file, '--schedules', '10', '--seed', '5');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/workload\s+instructions\s+schedules\s+LRC 1 class\s+LRC 2 classes\s+\/ 1 class\s+scoreboard\+DEPBAR/);
    expect(stdout).toContain(`${file}  `);
    expect(stdout).toContain('no hazard, overflow or deadlock');
    expect(stdout).toContain(`seed 5 (same run: hazardproof compare ${file} --schedules 10 --seed 5 --max-latency 8)`);
    const again = await cli('compare', file, '--schedules', '10', '--seed', '5');
    expect(again.stdout).toBe(stdout);
  });

  it('compares scoreboard programs too, and prints JSON', async () => {
    const { code, stdout } = await cli('compare', join(root, 'examples', 'three-textures.hp'), join(root, 'examples', 'lrc', 'missing-bit.hp'), '--schedules', '5', '--seed', '1', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { mistakes: number; workloads: { mechanisms: { mechanism: string; stallCycles: number }[] }[] };
    expect(report.mistakes).toBe(0);
    expect(report.workloads).toHaveLength(2);
    expect(report.workloads[0]!.mechanisms.map((m) => m.mechanism)).toEqual(MECHANISMS);
  });

  it('exits 2 with file:line:col on a bad file', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-compare-'));
    const bad = join(scratch, 'bad.hp');
    writeFileSync(bad, '.machine lrc\n.unit alu fixed 1: add\n\nadd r1 <- r0\nfrob r2 <- r1\n');
    const { code, stdout, stderr } = await cli('compare', bad);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:1: `));
    expect((await cli('compare')).code).toBe(2);
    expect((await cli('compare', bad, '--schedules', '0')).code).toBe(2);
  });
});
