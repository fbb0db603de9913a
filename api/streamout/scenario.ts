import type { LoadedScenario } from '../../format/streamout/load.js';

/**
 * A stream-output scenario file as `loadScenario` (a path) or `parseScenario` (JSON text) reads
 * it: the scenario (SO units, buffer sizes, batch-ID width, packets), its timing seed and the
 * verdict it expects, if it states them. `runStreamout` runs it; `checkStreamTrace` checks a
 * recorded trace against it.
 */
export type StreamoutScenario = LoadedScenario;

/** What a scenario file may say it expects of `runStreamout`: a verdict, and the API's primitive counters. */
export type StreamoutExpectation = NonNullable<LoadedScenario['expect']>;
