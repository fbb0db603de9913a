/**
 * The lowered model of an AMDGPU function in AMD words, for `hazardproof print FILE.s`: what the
 * checker believes each line of `llc` output does, told with counters and wait states rather than
 * NVIDIA control records. A header names the target, each counter's scoreboard, the queues and
 * their order, and the cycles per wait state where the function is timed in wait states; then
 * every source line with the model instructions it became: which counter each increments and
 * until when, which waits it makes, which registers it writes and reads, and the wait states a
 * register's writer needs before each kind of reader (`spec/amdgpu/waitStates.ts`).
 */
import { AMDGPU_TARGET_INFO, AMDGPU_TARGETS, GENERATION_COUNTERS, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { AMDGPU_QUEUES, type AmdgpuQueueName } from '../../spec/amdgpu/queues.js';
import { waitStatesBetween, WAIT_STATE_RULES, type WaitStateReader, type WaitStateWriter } from '../../spec/amdgpu/waitStates.js';
import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';

/** A note of the lowering to show at its line (`LoweringNote`'s fields the printer uses). */
export interface PrintNote {
  readonly kind: string;
  readonly line: number;
  readonly message: string;
}

// The lowering's limit on a counted instruction (format/amdgpu/lower.ts, CAP - 1): said once in the header.
const CAP_LIMIT = 62;

/**
 * Prints a lowered AMDGPU function (`format/amdgpu/lower.ts`) imported from `file`, with the
 * lowering's `notes` under the lines they are about.
 */
export function printAmdgpuProgram(program: SassProgram, file: string, notes: readonly PrintNote[] = []): string {
  const target = (AMDGPU_TARGETS as readonly string[]).includes(program.architecture) ? (program.architecture as AmdgpuTarget) : null;
  const counterNames = target === null ? [] : GENERATION_COUNTERS[AMDGPU_TARGET_INFO[target].generation].counters.map((c) => c.counter);
  const counter = (scoreboard: number) => counterNames[scoreboard] ?? `SB${scoreboard}`;
  const K = program.cyclesPerWaitState;
  // A queue no instruction counts on: its counter, which the model leaves out (`queues.ts`, tracked).
  const uncountedCounter = (queue: string) => (target === null ? undefined : AMDGPU_QUEUES[AMDGPU_TARGET_INFO[target].generation][queue as AmdgpuQueueName])?.counter ?? null;
  const uncounted = (queue: string) => {
    const counter = uncountedCounter(queue);
    return counter === null ? 'no counter' : `${counter}, untracked`;
  };

  // The counters each queue counts on, as its instructions say.
  const queueCounters = program.queues.map(() => new Set<string>());
  for (const instruction of program.instructions) {
    if (instruction.unit.kind !== 'variable') continue;
    for (const scoreboard of [instruction.control.writeScoreboard, instruction.control.readScoreboard]) {
      if (scoreboard !== null) queueCounters[instruction.unit.queue]!.add(counter(scoreboard));
    }
  }
  const capped = program.instructions.some((i) => i.unit.kind === 'variable' && i.depbar?.limit === CAP_LIMIT);
  const lines = [
    `# ${program.name}, imported from ${file}`,
    target === null ? `target ${program.architecture}: no facts for it, so every line has no effect` : `target ${target} (${AMDGPU_TARGET_INFO[target].generation})`,
    ...(counterNames.length === 0 ? [] : [`counters: ${counterNames.map((name, index) => `${name} = SB${index}`).join(', ')}${capped ? ` (a counted instruction first waits until its counter is at most ${CAP_LIMIT})` : ''}`]),
    ...(program.queues.length === 0 ? [] : [`queues: ${program.queues.map((queue, index) => `${queue.name} (${[...queueCounters[index]!].join(', ') || uncounted(queue.name)}, ${queue.ordered ? 'in order' : 'any order'})`).join(', ')}`]),
    ...(target === null ? [] : [`ALU: VALU and SALU results are interlocked (fixed latency 1)${K === undefined ? '' : ' but for the wait states shown'}`]),
    ...(K === undefined ? [] : [`timing: ${K} model cycle${K === 1 ? '' : 's'} per wait state (a line takes 1 wait state, s_nop N takes N + 1)`]),
    ...legend(program),
  ];

  // Source lines in order: consecutive model instructions of one line form a group.
  const groups: { line: number; members: { instruction: SassInstruction; index: number }[] }[] = [];
  program.instructions.forEach((instruction, index) => {
    const last = groups[groups.length - 1];
    if (last && last.line === instruction.line) last.members.push({ instruction, index });
    else groups.push({ line: instruction.line, members: [{ instruction, index }] });
  });
  const noted = new Set<PrintNote>();
  for (const { line, members } of groups) {
    const entry = members.every((m) => m.instruction.opcode === '(entry)');
    const text = entry ? `(entry of ${program.name}, as its caller may leave it)` : lineText(members.map((m) => m.instruction.text));
    const waitStates = K === undefined ? 1 : members.reduce((sum, m) => sum + m.instruction.control.stall, 0) / K;
    lines.push('', `line ${line}  ${text}${waitStates !== 1 && Number.isInteger(waitStates) ? `   (${waitStates} wait states)` : ''}`);
    for (const { instruction } of members) lines.push(`    ${describe(instruction, text)}`);
    for (const note of notes) {
      if (note.line !== line || noted.has(note)) continue;
      noted.add(note);
      lines.push(`    ! ${note.kind}: ${note.message}`);
    }
  }
  const rest = notes.filter((note) => !noted.has(note));
  if (rest.length > 0) lines.push('', ...rest.map((note) => `! line ${note.line}, ${note.kind}: ${note.message}`));
  return `${lines.join('\n')}\n`;

  /** One model instruction in AMD words. */
  function describe(instruction: SassInstruction, text: string): string {
    // A remark the lowering added: `[LDS side]` after the line, or a synthetic instruction's `(entry of f: ...)`.
    const entry = /^\(entry of [^:]*: (.*)\)$/.exec(instruction.text);
    const extra = entry ? entry[1]! : instruction.text === text ? '' : instruction.text.startsWith(text) ? instruction.text.slice(text.length).trim().replace(/^\[(.*)\]$/, '$1') : instruction.text;
    const head = extra === '' ? '' : `${extra}: `;
    const { unit, control, depbar, flow } = instruction;
    if (unit.kind === 'none') {
      if (depbar) return `${head}waits until ${counter(depbar.scoreboard)} <= ${depbar.limit}`;
      if (flow.kind === 'branch') return `${head}${instruction.sources.length > 0 ? `reads ${registers(instruction.sources)}; ` : ''}branches to line ${program.instructions[flow.target]!.line}${instruction.guard ? ' or falls through' : ''}`;
      if (flow.kind === 'exit') return `${head}ends the wave`;
      if (flow.kind === 'return') return `${head}returns`;
      return `${head}${instruction.sources.length > 0 ? `reads ${registers(instruction.sources)}, no other effect` : 'no effect'}`;
    }
    if (unit.kind === 'variable') {
      const parts: string[] = [];
      const queue = program.queues[unit.queue]!.name;
      const later = instruction.sources.filter((name) => !instruction.readAtIssue.includes(name));
      if (control.writeScoreboard !== null) {
        const until = instruction.destinations.length > 0 ? `until it has written ${registers(instruction.destinations)}` : 'until it completes';
        parts.push(`increments ${counter(control.writeScoreboard)} (${queue}) ${until}`);
      }
      if (control.readScoreboard !== null) parts.push(`increments ${counter(control.readScoreboard)} (${queue}) until it has read ${later.length > 0 ? registers(later) : 'its operands'}`);
      if (control.writeScoreboard === null && control.readScoreboard === null) {
        const fact = uncountedCounter(queue);
        parts.push(`${fact === null ? `counts on no counter (${queue})` : `on ${fact} (${queue}), which the model does not track`}${instruction.destinations.length > 0 ? `, writes ${registers(instruction.destinations)} at an unknown time` : ''}`);
      }
      if (instruction.readAtIssue.length > 0) parts.push(`reads ${registers(instruction.readAtIssue)} at issue`);
      if (later.length > 0 && control.readScoreboard === null) parts.push(`reads ${registers(later)} later`);
      if (depbar && depbar.limit !== CAP_LIMIT) parts.push(`issues once ${counter(depbar.scoreboard)} <= ${depbar.limit}`);
      const reader = target === null ? [] : timedReaders(target, readerRoles(instruction.latencyClass) ?? []);
      if (reader.length > 0) parts.push(`a ${reader.join(', ')} reader for wait states`);
      return `${head}${parts.join('; ')}`;
    }
    // Fixed: an ALU instruction, a call or return's register effects, a probe.
    const parts: string[] = [];
    if (instruction.destinations.length > 0) parts.push(`writes ${registers(instruction.destinations)}`);
    if (instruction.sources.length > 0) parts.push(`reads ${registers(instruction.sources)}`);
    const classes = unit.registerClasses;
    const timed: string[] = [];
    if (classes?.write && target !== null) {
      for (const [name, group] of byClass(instruction.destinations, classes.write)) {
        const writers = (writerRoles(name) ?? []).filter((role) => WAIT_STATE_RULES.some((rule) => rule.writer === role && rule.waitStates[target] !== undefined));
        const needs = readersAfter(target, writers);
        if (needs.length > 0) timed.push(`${registers(group)} as ${writers.join(', ')}: ${needs.join(', ')}`);
      }
    }
    if (classes?.read) {
      for (const [name, group] of byClass(instruction.sources, classes.read)) {
        const readers = target === null ? [] : timedReaders(target, readerRoles(name) ?? []);
        if (readers.length > 0) timed.push(`${registers(group)} read as ${readers.join(', ')}`);
      }
    }
    if (timed.length > 0) parts.push(`wait states: ${timed.join('; ')}`);
    else if (unit.latency !== 1) parts.push(`fixed latency ${unit.latency}`);
    if (flow.kind === 'return') parts.push('returns');
    if (flow.kind === 'exit') parts.push('ends the function');
    return `${head}${parts.join('; ') || 'no effect'}`;
  }
}

/** What the shadow registers of this program mean, where it has some. */
function legend(program: SassProgram): string[] {
  const names = new Set(program.instructions.flatMap((i) => [...i.destinations, ...i.sources]));
  const has = (pattern: RegExp) => [...names].some((name) => pattern.test(name));
  const entries = [
    ...(has(/\.lds$/) ? ['vN.lds: the LDS side of a flat result'] : []),
    ...(has(/~/) ? ['vN~cnt: vN as the caller\'s operations on that counter may still hold it; "(+ ~cnt)": the same for every register listed'] : []),
    ...(has(/!store-data$/) ? ['vN!store-data: vN held as a store\'s data'] : []),
  ];
  return entries.length === 0 ? [] : [`registers: ${entries.join('; ')}`];
}

/**
 * The line as written: the text its model instructions share. Synthetic ones add a bracketed
 * remark (`flat_load_dword v3, v[0:1] [LDS side]`); a line whose only instruction has one loses it.
 */
function lineText(texts: readonly string[]): string {
  const plain = texts.find((text) => texts.every((other) => other.startsWith(text)));
  if (plain !== undefined && (texts.length > 1 || !/ \[[^[\]]*\]$/.test(plain))) return plain;
  return texts[0]!.replace(/ \[[^[\]]*\]$/, '');
}

/** The wait states `target`'s rules ask between writers with these roles and each kind of reader. */
function readersAfter(target: AmdgpuTarget, writers: readonly WaitStateWriter[]): string[] {
  const readers = [...new Set(WAIT_STATE_RULES.filter((rule) => rule.waitStates[target] !== undefined && writers.includes(rule.writer)).map((rule) => rule.reader))];
  return readers.map((reader) => {
    const proof = waitStatesBetween(target, writers, [reader], 'proof');
    const counterexample = waitStatesBetween(target, writers, [reader], 'counterexample');
    return `${proof} before ${reader}${proof === counterexample ? '' : ` (proof only; ${counterexample} for a counterexample)`}`;
  });
}

/** The reader roles some rule on `target` times. */
function timedReaders(target: AmdgpuTarget, roles: readonly WaitStateReader[]): WaitStateReader[] {
  return roles.filter((role) => WAIT_STATE_RULES.some((rule) => rule.reader === role && rule.waitStates[target] !== undefined));
}

/** Registers grouped by their class in `classes`, in order of first appearance; registers without one left out. */
function byClass(names: readonly string[], classes: Readonly<Record<string, string>>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const cls = classes[name];
    if (cls !== undefined) groups.set(cls, [...(groups.get(cls) ?? []), name]);
  }
  return groups;
}

// Class names of format/amdgpu/waitStateTiming.ts: `w:valu-sgpr+valu-vcc@0`, `r:vmem-sgpr@1`.
const CLASS = /^([wr]):(.+)@\d+$/;

function writerRoles(name: string): WaitStateWriter[] | null {
  const match = CLASS.exec(name);
  return match && match[1] === 'w' ? (match[2]!.split('+') as WaitStateWriter[]) : null;
}

function readerRoles(name: string | null): WaitStateReader[] | null {
  const match = name === null ? null : CLASS.exec(name);
  return match && match[1] === 'r' ? (match[2]!.split('+') as WaitStateReader[]) : null;
}

/**
 * Registers as AMD assembly writes them: runs of one file as ranges (`v[0:3]`, shadows keeping
 * their suffix: `v[0:1].lds`), `_lo`/`_hi` pairs as one (`vcc`, `exec`). A caller shadow
 * (`v0~lgkmcnt`) that every listed register has is said once: `v0, v1 (+ ~lgkmcnt)`.
 */
export function registers(names: readonly string[]): string {
  const plain = names.filter((name) => !name.includes('~'));
  const bySuffix = new Map<string, string[]>();
  for (const name of names) {
    const at = name.indexOf('~');
    if (at >= 0) bySuffix.set(name.slice(at), [...(bySuffix.get(name.slice(at)) ?? []), name.slice(0, at)]);
  }
  const same = (bases: readonly string[]) => plain.length > 0 && bases.length === plain.length && plain.every((name) => bases.includes(name));
  const whole = [...bySuffix].filter(([, bases]) => same(bases)).map(([suffix]) => suffix);
  const partial = [...bySuffix].filter(([suffix]) => !whole.includes(suffix)).flatMap(([suffix, bases]) => bases.map((base) => `${base}${suffix}`));
  const listed = [compact(plain), compact(partial)].filter((text) => text !== '').join(', ');
  return whole.length === 0 ? listed : `${listed} (+ ${whole.join(', ')})`;
}

/** Runs of one register file as ranges, `_lo`/`_hi` pairs as one register. */
function compact(names: readonly string[]): string {
  const seen = new Set(names);
  const out: string[] = [];
  const done = new Set<string>();
  for (const name of names) {
    if (done.has(name)) continue;
    const pair = /^(exec|vcc|flat_scratch|xnack_mask|tba|tma)_(lo|hi)(.*)$/.exec(name);
    if (pair) {
      const [lo, hi] = [`${pair[1]}_lo${pair[3]}`, `${pair[1]}_hi${pair[3]}`];
      if (seen.has(lo) && seen.has(hi)) {
        done.add(lo).add(hi);
        out.push(`${pair[1]}${pair[3]}`);
        continue;
      }
    }
    const numbered = /^(v|s|a|ttmp)(\d+)(.*)$/.exec(name);
    if (!numbered) {
      done.add(name);
      out.push(name);
      continue;
    }
    const [, file, first, suffix] = numbered;
    let last = Number(first);
    while (seen.has(`${file}${last + 1}${suffix}`) && !done.has(`${file}${last + 1}${suffix}`)) last++;
    for (let index = Number(first); index <= last; index++) done.add(`${file}${index}${suffix}`);
    out.push(last === Number(first) ? name : `${file}[${first}:${last}]${suffix}`);
  }
  return out.join(', ');
}
