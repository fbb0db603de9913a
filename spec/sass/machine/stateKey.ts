import type { RegisterValue, SassInFlight, SassState } from './state.js';

/**
 * Identity of a state. Issue numbers grow without end in a loop, but only their order matters
 * (which write is newer, which read came first), so each is replaced by its rank among the
 * numbers the state still mentions. The cycle is left out: no rule reads it. Together this
 * makes the state space of a loop finite.
 */
export function sassStateKey(state: SassState): string {
  const seqs = new Set<number>();
  const note = (value: RegisterValue | null) => {
    if (value) seqs.add(value.seq);
  };
  Object.values(state.physical).forEach(note);
  Object.values(state.logical).forEach(note);
  const entries = [...state.fixed, ...state.queues.flat()];
  for (const increment of state.hidden) seqs.add(increment.seq);
  for (const entry of entries) {
    seqs.add(entry.seq);
    entry.expected.forEach(([, value]) => note(value));
  }
  const rank = new Map([...seqs].sort((a, b) => a - b).map((seq, i) => [seq, i]));
  const value = (v: RegisterValue | null) => (v ? `${rank.get(v.seq)}@${v.instruction}${v.age === null ? '' : `~${v.age}`}` : '-');
  const file = (registers: Readonly<Record<string, RegisterValue>>) =>
    Object.keys(registers).sort().map((name) => `${name}=${value(registers[name]!)}`).join(';');
  const flight = (entry: SassInFlight) =>
    `${rank.get(entry.seq)}@${entry.instruction}${entry.executed ? '' : '!'}${entry.stage === 'queued' ? 'q' : 'x'}${entry.writeIn}~${entry.age}[${entry.registers.join(',')}]` +
    `(${entry.expected.map(([register, v]) => `${register}=${value(v)}`).join(';')})`;
  const hidden = state.hidden.map((h) => `${h.scoreboard}.${h.cyclesLeft}.${rank.get(h.seq) ?? '-'}`).join(',');
  return [
    state.phase, state.pc ?? 'x', state.returns.join('.'), state.stallLeft, state.scoreboards.join('.'), hidden,
    Object.keys(state.predicates).sort().map((name) => `${name}=${state.predicates[name] ? 1 : 0}`).join(';'),
    file(state.physical), file(state.logical), state.fixed.map(flight).join(','),
    state.queues.map((q) => q.map(flight).join(',')).join('/'),
  ].join('|');
}
