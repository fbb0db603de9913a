import type { MachineState } from './state.js';

/**
 * Identity of a machine state with the absolute cycle left out. No rule of the machine reads the
 * cycle number (stalls and fixed latencies are kept as count-downs, and phases order the steps),
 * so two states with equal keys have exactly the same futures. This is what makes the state
 * space finite and exhaustive exploration complete for unbounded latencies.
 */
export function stateKey(state: MachineState): string {
  const warps = state.warps.map((warp) => {
    const registers = Object.keys(warp.registers).sort().map((name) => `${name}=${warp.registers[name]}`).join(';');
    return `${warp.next},${warp.stallLeft},${warp.scoreboards.join('.')},${registers}`;
  });
  const pipes = state.pipes.map((entries) =>
    entries.map((e) => `${e.warp}.${e.instruction}.${e.stage === 'queued' ? 'q' : 'x'}${e.writeIn}`).join(','),
  );
  return `${state.phase}|${warps.join('/')}|${pipes.join('/')}`;
}
