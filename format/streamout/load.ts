import { readInputFile } from '../readInputFile.js';
import { join } from 'node:path';
import { InputError, type InputProblem } from '../error.js';
import { jsonPath, parseJsonInput } from '../jsonInput.js';
import { packageRoot } from '../packageRoot.js';
import type { Packet, StreamScenario } from '../../spec/streamout/scenario.js';

/** The verdicts of `streamout run`, and what a scenario file may say it expects. */
export type StreamVerdict = 'proved' | 'no-violation-found' | 'violation' | 'unknown';

/** A scenario file: the scenario, its optional timing seed and what it expects. */
export interface LoadedScenario {
  readonly file: string;
  readonly scenario: StreamScenario;
  readonly timingSeed: number | null;
  readonly expect: { readonly verdict: StreamVerdict; readonly primitivesWritten?: number; readonly primitivesNeeded?: number } | null;
}

/**
 * Reads a scenario file (JSON, `schema/streamout-scenario.schema.json`). Besides the schema:
 * offset bundles come between stream-output operations (SSYNC applies them there, seed 002), so
 * one inside an enabled region is rejected. Problems name file, line, column and JSON path.
 */
export function loadScenario(file: string): LoadedScenario {
  return parseScenario(readInputFile(file, 'scenario'), file);
}

/** Parses scenario JSON text (see `loadScenario`); `file` names it in problems. */
export function parseScenario(text: string, file: string): LoadedScenario {
  const { value, at } = parseJsonInput(text, file, join(packageRoot(), 'schema', 'streamout-scenario.schema.json'));
  const raw = value as { soUnits: number; bufferSizes: StreamScenario['bufferSizes']; batchIdBits?: number; timingSeed?: number; expect?: LoadedScenario['expect']; packets: (Packet & { tasksPerBatch?: number })[] };
  const problems: InputProblem[] = [];
  let enabledAt: number | null = null;
  raw.packets.forEach((packet, index) => {
    if (packet.type === 'enable') enabledAt ??= index;
    if (packet.type === 'disable') enabledAt = null;
    if (packet.type === 'offsets' && enabledAt !== null) {
      const path = ['packets', index];
      problems.push({ file, ...at(path), message: `${jsonPath(path)}: offset bundles come between stream output operations, but this one is inside the one enabled at ${jsonPath(['packets', enabledAt])}` });
    }
  });
  if (problems.length > 0) throw new InputError(problems);
  const packets = raw.packets.map((packet): Packet => (packet.type === 'work' ? { ...packet, tasksPerBatch: packet.tasksPerBatch ?? 1 } : packet));
  return {
    file,
    scenario: { soUnits: raw.soUnits, bufferSizes: raw.bufferSizes, batchIdBits: raw.batchIdBits ?? 13, packets },
    timingSeed: raw.timingSeed ?? null,
    expect: raw.expect ?? null,
  };
}
