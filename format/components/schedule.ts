/**
 * Schedules of the component machine as text, for `--replay` and reports. Two forms, both read
 * by `parseComponentSchedule`:
 *
 * - action codes (`formatCodes`, as every machine prints its replay schedules): `c` ends a cycle
 *   (`ct`/`cn` when it says a conditional branch is taken / not taken), `lN` lands the pending
 *   variable-latency result at position N; a run of equal codes is `code*n` and a repeated block
 *   `(codes)*n` (`explore/scheduleText.ts`, every machine's one form). An action with any other
 *   field is written as its compact JSON (`{"type":"cycle",...}`), so no action is lost.
 * - a JSON array of the action objects, exactly as `--json` prints a hazard's `schedule`.
 */
import { formatCodes, parseCodes } from '../../explore/scheduleText.js';
import type { ComponentAction } from '../../spec/components/machine.js';

/** The code of one action (see the file comment). */
export function componentActionCode(action: ComponentAction): string {
  const fields = Object.keys(action).sort().join(',');
  const record = action as unknown as Record<string, unknown>;
  if (action.type === 'cycle' && fields === 'type') return 'c';
  if (action.type === 'cycle' && fields === 'taken,type' && typeof record['taken'] === 'boolean') return record['taken'] ? 'ct' : 'cn';
  if (action.type === 'land' && fields === 'position,type') return `l${action.position}`;
  return JSON.stringify(action);
}

/** A schedule as action codes, runs and repeated blocks compressed. */
export function formatComponentSchedule(schedule: readonly ComponentAction[]): string {
  return formatCodes(schedule.map(componentActionCode));
}

function parseCode(code: string): ComponentAction | null {
  if (code === 'c') return { type: 'cycle' };
  if (code === 'ct' || code === 'cn') return { type: 'cycle', taken: code === 'ct' } as ComponentAction;
  const land = /^l(\d+)$/.exec(code);
  if (land) return { type: 'land', position: Number(land[1]) };
  if (code.startsWith('{')) {
    try {
      return actionObject(JSON.parse(code));
    } catch {
      return null;
    }
  }
  return null;
}

function actionObject(value: unknown): ComponentAction | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  return type === 'cycle' || type === 'land' ? value as ComponentAction : null;
}

/** Reads a schedule in either form; an error message for anything else. */
export function parseComponentSchedule(text: string): ComponentAction[] | string {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return `not a JSON array of actions: ${(error as Error).message}`;
    }
    if (!Array.isArray(value)) return 'not a JSON array of actions';
    const actions = value.map(actionObject);
    const bad = actions.findIndex((action) => action === null);
    if (bad >= 0) return `element ${bad} of the array is not an action ({"type":"cycle"} or {"type":"land","position":N}): ${JSON.stringify(value[bad])}`;
    return actions as ComponentAction[];
  }
  return parseCodes(trimmed, parseCode, 'c (end a cycle), ct/cn (branch taken/not taken), lN (land pending result N) or an action as JSON');
}
