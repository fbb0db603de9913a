import type { SarifLevel, SarifReportingDescriptor } from './sarifTypes.js';

/**
 * Every kind of finding hazardproof reports in SARIF, one rule each. The ids are stable (code
 * scanning keys alerts on them): register hazards of every machine (`RAW`, `WAR`, `WAW`), the
 * scoreboard machine's and the listings' `scoreboard-overflow`, the LRC machine's
 * `counter-overflow` and `deadlock`; `prove`'s verdicts on DEPBAR immediates, whole programs and
 * LRC flags; `fuzz`'s law violations and robustness failures.
 */
export type SarifRuleId =
  | 'RAW' | 'WAR' | 'WAW' | 'scoreboard-overflow' | 'counter-overflow' | 'deadlock'
  | 'unsound-immediate' | 'loose-immediate' | 'unsafe-program' | 'unnecessary-flag'
  | 'law-violation' | 'robustness-failure';

/** A rule's texts and default level. */
interface RuleText {
  readonly name: string;
  readonly short: string;
  readonly full: string;
  readonly help: string;
  readonly level: SarifLevel;
  readonly tags: readonly string[];
}

const HAZARD_HELP = 'Each result names both instructions with their source lines and gives a schedule (the machine\'s choices, as '
  + 'printed after "replay:") with the command that replays it: run it to see the timeline. Protect the dependency: a wait-mask '
  + 'bit on the producer\'s scoreboard, a DEPBAR, enough stall cycles, or the machine\'s dependency flag.';

const RULES: Readonly<Record<SarifRuleId, RuleText>> = {
  RAW: {
    name: 'ReadAfterWrite', level: 'error', tags: ['correctness', 'hazard'],
    short: 'Read after write: a read can see a register before an earlier instruction has written it.',
    full: 'RAW hazard: in at least one latency schedule the machine allows, an instruction reads a register before the earlier instruction in '
      + 'program order that writes it has written it, so the read sees a stale value.',
    help: `The consumer (the result's location) read too early; the producer is the related location. ${HAZARD_HELP}`,
  },
  WAR: {
    name: 'WriteAfterRead', level: 'error', tags: ['correctness', 'hazard'],
    short: 'Write after read: a later instruction can overwrite a register before an earlier one has read it.',
    full: 'WAR hazard: in at least one latency schedule the machine allows, an instruction writes a register before an earlier instruction '
      + 'in program order has read its old value, so that read sees the later value.',
    help: `The overwriting instruction is the result's location; the reader is the related location. ${HAZARD_HELP}`,
  },
  WAW: {
    name: 'WriteAfterWrite', level: 'error', tags: ['correctness', 'hazard'],
    short: 'Write after write: two writes to a register can land out of program order.',
    full: 'WAW hazard: in at least one latency schedule the machine allows, an earlier instruction\'s write to a register lands after a later '
      + 'instruction\'s, and a later read (or the final register state) sees the wrong value.',
    help: `The later writer is the result's location; the earlier writer is the related location. ${HAZARD_HELP}`,
  },
  'scoreboard-overflow': {
    name: 'ScoreboardOverflow', level: 'error', tags: ['correctness', 'hazard'],
    short: 'A scoreboard counter can be incremented past its width.',
    full: 'Scoreboard overflow: issuing the instruction takes a dependency counter (SBn) past 2^bits - 1 in some schedule; the hardware would '
      + 'wrap around and stop tracking the outstanding events.',
    help: 'Drain the scoreboard (a DEPBAR or a wait) before issuing more producers on it, or spread them over several scoreboards. '
      + 'The result gives a schedule and the command that replays it.',
  },
  'counter-overflow': {
    name: 'LoadReferenceCounterOverflow', level: 'error', tags: ['correctness', 'hazard'],
    short: 'A load reference counter can go past its width, or below zero.',
    full: 'Counter overflow (LRC machine): in some schedule a load reference counter is pushed past 2^bits - 1 by requests, or below zero by '
      + 'more returns than requests plus its initial value.',
    help: 'Wait for the counter before issuing more loads on it, or fix its initial value (INIT_LRC_VAL). The result gives a schedule and '
      + 'the command that replays it.',
  },
  deadlock: {
    name: 'Deadlock', level: 'error', tags: ['correctness', 'hazard'],
    short: 'A thread can wait forever for a counter nothing in flight can change.',
    full: 'Deadlock (LRC machine): a reachable state in which a thread is held waiting for a counter while nothing is in flight that could '
      + 'change it, so the thread never finishes.',
    help: 'The result\'s location is where the thread is held; other held threads are related locations. Check the counter\'s initial '
      + 'value and the dependency flags of the waiting instruction. The result gives a schedule and the command that replays it.',
  },
  'unsound-immediate': {
    name: 'UnsoundDepbarImmediate', level: 'error', tags: ['correctness', 'depbar'],
    short: 'A DEPBAR.LE immediate is too large: the barrier can pass before an event it must wait for.',
    full: 'Unsound DEPBAR immediate: for a dependency the barrier protects, some order of the events counted on the scoreboard that the '
      + 'machine allows lets DEPBAR.LE SBn, k pass while the protected event is still outstanding. Proved with Z3.',
    help: 'Lower the immediate to the largest safe value given in the result. The result lists the breaking order of events; the '
      + 'producer and the consumer of the broken dependency are related locations.',
  },
  'loose-immediate': {
    name: 'LooseDepbarImmediate', level: 'note', tags: ['performance', 'depbar'],
    short: 'A DEPBAR.LE immediate is sound but not tight: a larger one is still safe.',
    full: 'Loose DEPBAR immediate: the barrier is safe, but a larger immediate (given in the result) is proved safe too, so it waits for '
      + 'more events than its dependencies need. Proved with Z3.',
    help: 'Raise the immediate to the largest safe value given in the result to wait less; nothing is wrong as it is.',
  },
  'unsafe-program': {
    name: 'UnsafeProgram', level: 'error', tags: ['correctness', 'hazard'],
    short: 'The whole-program proof found a schedule with a hazard.',
    full: 'Unsafe program: prove found a schedule of the whole program (any latencies, any warp interleaving) in which a read or the final '
      + 'state differs from sequential execution, and replayed it on the reference model.',
    help: 'The result names the hazard (RAW, WAR, WAW, an overflow or a deadlock) with both instructions and the schedule; run the '
      + 'replay command to see the timeline.',
  },
  'unnecessary-flag': {
    name: 'UnnecessaryDependencyFlag', level: 'note', tags: ['performance', 'lrc'],
    short: 'A dependency flag the program does not need.',
    full: 'Unnecessary dependency flag (LRC machine): without this one flag every reachable state is still free of hazards, overflows and '
      + 'deadlocks, proved by exhaustive search.',
    help: 'The flag can be dropped to wait less; nothing is wrong as it is.',
  },
  'law-violation': {
    name: 'LawViolation', level: 'error', tags: ['hazardproof-self-check'],
    short: 'A generated program violates one of hazardproof\'s own laws.',
    full: 'Law violation (fuzz --generate): a generated input breaks a law hazardproof\'s models must obey (for example the simulator '
      + 'agreeing with the spec). This is a bug in hazardproof, not in your program; it has no source location.',
    help: 'Run the replay command in the result and report it with the counterexample.',
  },
  'robustness-failure': {
    name: 'RobustnessFailure', level: 'error', tags: ['hazardproof-self-check'],
    short: 'A mutated input got no proper answer from hazardproof.',
    full: 'Robustness failure (fuzz --robustness): a mutated example input made a hazardproof command crash, hang or answer without a '
      + 'located error. This is a bug in hazardproof; it has no source location.',
    help: 'Run the replay command in the result and report it with the shrunk case.',
  },
};

/** A rule's SARIF descriptor. */
export function sarifRule(id: SarifRuleId): SarifReportingDescriptor {
  const rule = RULES[id];
  return {
    id, name: rule.name,
    shortDescription: { text: rule.short }, fullDescription: { text: rule.full }, help: { text: rule.help },
    defaultConfiguration: { level: rule.level },
    properties: { tags: [...rule.tags], precision: 'very-high', 'problem.severity': rule.level === 'error' ? 'error' : 'recommendation' },
  };
}

/** A rule's default level. */
export function sarifRuleLevel(id: SarifRuleId): SarifLevel {
  return RULES[id].level;
}
