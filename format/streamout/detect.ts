/** The `format` tag every stream-output scenario states (`schema/streamout-scenario.schema.json`). */
export const SCENARIO_FORMAT = 'hazardproof-streamout/1';

// The tag as written at the top level of the JSON object. A program's JSON form states its own
// tag under the same key, so the key's value alone tells the two apart, before either parser runs
// (and a scenario with a mistake elsewhere still reaches the scenario parser, which names it).
const SCENARIO_TAG = /^\s*\{[\s\S]*"format"\s*:\s*"hazardproof-streamout\//;

/** True when a text is a stream-output scenario: a JSON object whose `format` is the scenario's tag. */
export function isScenarioText(text: string): boolean {
  return SCENARIO_TAG.test(text);
}
