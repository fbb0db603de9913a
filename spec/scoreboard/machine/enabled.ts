import type { Program } from '../program.js';
import type { Action } from './action.js';
import { issueBlocker } from './readiness.js';
import type { MachineState } from './state.js';

/** True when every warp has issued everything and every pipe is empty. */
export function isFinished(program: Program, state: MachineState): boolean {
  return (
    state.warps.every((warp) => warp.next >= program.instructions.length) &&
    state.pipes.every((entries) => entries.length === 0)
  );
}

/**
 * The actions the machine may take next. This is where the freedom of the latency schedule
 * lives: a decoupled pipe may write its oldest result or hand over its oldest queued instruction
 * in any cycle after the previous step of that instruction, or wait; a ready warp may issue or
 * be passed over. Fixed pipes have no freedom: a due result must be written before the write
 * phase ends. A finished machine has no actions.
 */
export function enabledActions(program: Program, state: MachineState): Action[] {
  if (isFinished(program, state)) return [];
  const actions: Action[] = [];
  switch (state.phase) {
    case 'write': {
      let forcedWritePending = false;
      state.pipes.forEach((entries, pipe) => {
        const head = entries[0];
        if (!head || head.stage !== 'executing') return;
        if (program.pipes[pipe]!.kind === 'fixed') {
          if (head.writeIn === 0) {
            forcedWritePending = true;
            actions.push({ type: 'write', pipe });
          }
        } else {
          actions.push({ type: 'write', pipe });
        }
      });
      if (!forcedWritePending) actions.push({ type: 'endWrites' });
      return actions;
    }
    case 'read': {
      state.pipes.forEach((entries, pipe) => {
        const head = entries.find((entry) => entry.stage === 'queued');
        if (head) actions.push({ type: 'read', pipe });
      });
      actions.push({ type: 'endReads' });
      return actions;
    }
    case 'issue': {
      state.warps.forEach((_, warp) => {
        if (issueBlocker(program, state, warp) === null) actions.push({ type: 'issue', warp });
      });
      actions.push({ type: 'tick' });
      return actions;
    }
  }
}
