import type { LrcState } from './state.js';

/**
 * Identity of an LRC machine state with the cycle number left out. No rule reads the cycle
 * (fixed latencies are count-downs, phases order the steps within a cycle), so equal keys mean
 * equal futures, and the state space of a program is finite.
 */
export function lrcStateKey(state: LrcState): string {
  const contexts = state.contexts.map((context) => {
    const registers = Object.keys(context.registers).sort().map((name) => `${name}=${context.registers[name]}`).join(';');
    return `${context.thread ?? '-'},${context.status},${context.pc},${context.counters.join('.')},${registers}`;
  });
  const requests = state.requests.map((r) => `${r.context}.${r.instruction}${r.register === null ? '' : `:${r.register}`}${r.read ? 'r' : 'q'}`);
  const results = state.results.map((r) => `${r.context}.${r.instruction}+${r.writeIn}`);
  return `${state.phase}${state.unit}|${state.launched}|${contexts.join('/')}|${requests.join(',')}|${results.join(',')}`;
}
