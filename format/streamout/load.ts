import { readInputFile } from '../readInputFile.js';
import { join } from 'node:path';
import { InputError, type InputProblem } from '../error.js';
import { jsonPath, parseJsonInput } from '../jsonInput.js';
import { packageRoot } from '../packageRoot.js';
import { batchCount, type Packet, type StreamScenario } from '../../spec/streamout/scenario.js';

/** Most batches a scenario may hold in all (each batch is a few hundred bytes of model state). */
export const MAX_SCENARIO_BATCHES = 1_000_000;

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
  type RawWork = Omit<Packet & { type: 'work' }, 'tasksPerBatch' | 'taskVertices'> & { tasksPerBatch?: number; taskVertices?: number[] | number[][] };
  const raw = value as { soUnits: number; bufferSizes: StreamScenario['bufferSizes']; batchIdBits?: number; timingSeed?: number; expect?: LoadedScenario['expect']; packets: (Exclude<Packet, { type: 'work' }> | RawWork)[] };
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
  let batches = 0;
  const packets = raw.packets.map((packet, index): Packet => {
    if (packet.type !== 'work') return packet;
    const where = (...rest: (string | number)[]) => ({ file, ...at(['packets', index, ...rest]) });
    const { taskVertices: stated, ...rest } = packet;
    const work: Packet & { type: 'work' } = { ...rest, tasksPerBatch: packet.tasksPerBatch ?? stated?.length ?? 1 };
    const count = batchCount(work);
    if (batches <= MAX_SCENARIO_BATCHES && batches + count > MAX_SCENARIO_BATCHES) {
      problems.push({ ...where('primitives'), message: `${jsonPath(['packets', index, 'primitives'])}: the scenario would hold ${batches + count} batches; at most ${MAX_SCENARIO_BATCHES} are supported` });
    }
    batches += count;
    if (stated === undefined) return work;
    // One list for every batch, or one list per batch.
    const perBatch = stated.length > 0 && Array.isArray(stated[0]) ? (stated as number[][]) : null;
    if (perBatch && perBatch.length !== count) {
      problems.push({ ...where('taskVertices'), message: `${jsonPath(['packets', index, 'taskVertices'])}: ${perBatch.length} lists of task vertex counts, but the packet makes ${count} batches` });
    }
    const lists = perBatch ?? [stated as number[]];
    lists.forEach((list, listIndex) => list.forEach((vertices, task) => {
      if (vertices % packet.verticesPerPrimitive === 0) return;
      const path = perBatch ? ['taskVertices', listIndex, task] : ['taskVertices', task];
      problems.push({ ...where(...path), message: `${jsonPath(['packets', index, ...path])}: a task emits whole primitives, so ${vertices} must be a multiple of verticesPerPrimitive (${packet.verticesPerPrimitive})` });
    }));
    if (packet.tasksPerBatch !== undefined && lists.some((list) => list.length !== packet.tasksPerBatch)) {
      problems.push({ ...where('tasksPerBatch'), message: `${jsonPath(['packets', index, 'tasksPerBatch'])}: ${packet.tasksPerBatch} tasks per batch, but taskVertices gives ${lists.find((list) => list.length !== packet.tasksPerBatch)!.length}; leave tasksPerBatch out when stating taskVertices` });
    }
    return { ...work, taskVertices: perBatch ?? Array.from({ length: count }, () => lists[0]!) };
  });
  if (problems.length > 0) throw new InputError(problems);
  return {
    file,
    scenario: { soUnits: raw.soUnits, bufferSizes: raw.bufferSizes, batchIdBits: raw.batchIdBits ?? 13, packets },
    timingSeed: raw.timingSeed ?? null,
    expect: raw.expect ?? null,
  };
}
