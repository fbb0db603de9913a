/**
 * Certain-hazard mutants of an NVIDIA kernel: one protection removed where the listing's own text
 * shows that, without it, some schedule the hardware can take reads (or overwrites) a register too
 * early. The soundness law (`soundnessCampaign.ts`) is that none of them is ever `proved-safe`.
 *
 * Certainty is decided from the instructions' text and control records, independently of the
 * model's control-flow reading: the straight stretch from producer to consumer is walked in
 * listing order and ends only at a transfer of control that is unconditional *as written* (no
 * guard, or `@PT`; no predicate operand; not `.DIV`). A conditional branch read by the model as
 * unconditional (the `BRA.U !UP0` class) therefore still yields mutants behind it, and a proof of
 * one of them is reported as a law failure instead of hiding in the model's blind spot.
 *
 * Two kinds:
 * - `drop-wait`: consumer Q waits on scoreboard s; a variable-latency producer P before it on the
 *   stretch set s as its write scoreboard and writes a register Q reads or writes (RAW, WAW), or as
 *   its read scoreboard and reads a register Q writes (WAR; sources P reads at issue excepted, and
 *   not when Q still waits on P's write scoreboard: a completed instruction has read).
 *   Nothing between P and Q waits on any scoreboard, waits at a `DEPBAR` or drains a queue, and
 *   no scoreboard Q still waits on is set between P and Q by an instruction of P's queue (whose
 *   in-order completion or operand reads could cover P) or of a queue reading in one order with
 *   it (`SassQueue.readGroup`), and Q is not of P's own queue nor of such a queue (the order may
 *   then cover the pair, which the text does not decide). A variable-latency producer may take
 *   arbitrarily long, when the counterexample side of the table says so too (not an Ampere HMMA,
 *   which no source shows late).
 * - `lower-stall`: a fixed-latency producer P whose very next instruction Q (a fixed-latency
 *   consumer, or one reading the register at issue: a guard) reads one of P's general-purpose or
 *   predicate results; P's stall is set to 1, so Q issues one cycle after P. Every fixed-latency
 *   GPR and predicate result of every NVIDIA architecture since Maxwell needs at least 2 cycles
 *   (NAK's NVIDIA-provided tables: the smallest GPR figure is 2, IMAD.WIDE's low half to an FMA's
 *   C operand; predicates 4 or more; maxas: 6 on Maxwell), so reading it after 1 is a hazard,
 *   where the counterexample side of the table gives that figure: not the tensor-core MMAs, whose
 *   results ptxas reads in the next instruction (ptxas-mma-next-instruction). Uniform results
 *   are left out (VOTEU to a uniform predicate reader is 1 cycle in NAK's tables).
 *
 * Neither kind is made where Q copies the register onto itself (`MOV R8, R8`, ptxas -O0's habit):
 * see `copiesOntoItself`; nor a `lower-stall` mutant whose P is such a copy: Q reading the register
 * before the copy lands reads the value the copy writes.
 */
import type { LoweredKernel } from '../../format/sass/lower.js';
import { oppositeGuards, readsAfter, readsInIssueOrder, type SassInstruction, type SassProgram } from '../../spec/sass/program.js';
import { readLatency } from '../../spec/sass/latency.js';
import { selfCopiedRegister } from '../../spec/sass/selfCopy.js';
import { mutantOf, type Mutant } from '../sass/mutate.js';
import { reachedFromEntry } from '../../format/sass/unreachedCode.js';

/** A mutant whose hazard the text makes certain, with the pair it uncovers. */
export interface CertainMutant {
  readonly mutant: Mutant;
  /** The producer's and consumer's 1-based lines in the file. */
  readonly producerLine: number;
  readonly consumerLine: number;
  /** The register the uncovered pair shares and the hazard's kind. */
  readonly register: string;
  readonly hazard: 'RAW' | 'WAR' | 'WAW';
}

/** Opcodes (base, before the first `.`) that move control elsewhere when they execute. */
const TRANSFERS = new Set(['BRA', 'BRX', 'JMP', 'JMX', 'CALL', 'CAL', 'JCAL', 'RET', 'EXIT', 'KIL', 'KILL', 'SYNC', 'BRK', 'CONT', 'PRET', 'PEXIT', 'PBRK', 'PCNT', 'BPT', 'RTT', 'BREAK']);

/** A predicate operand that makes a transfer conditional (`!UP0`, `P1`; never `PT`). */
const PREDICATE_OPERAND = /(?:^|[\s,])!?U?P[0-6](?![\w])/;

/**
 * Whether the instruction as written surely moves control away when it issues: a transfer opcode
 * with no guard (or `@PT`), no predicate operand and no `.DIV`. Anything else may fall through.
 */
export function unconditionalTransferAsWritten(instruction: SassInstruction): boolean {
  if (instruction.guard !== null && !(instruction.guard.predicate === 'PT' && !instruction.guard.negated)) return false;
  return transferWhenGuardHolds(instruction);
}

/**
 * Whether the instruction as written surely moves control away when its guard holds: a transfer
 * opcode with no predicate operand and no `.DIV` (no condition of its own).
 */
function transferWhenGuardHolds(instruction: SassInstruction): boolean {
  const base = instruction.opcode.split('.')[0]!.toUpperCase();
  if (!TRANSFERS.has(base)) return false;
  if (/\.DIV\b/.test(instruction.opcode)) return false;
  return !PREDICATE_OPERAND.test(operandText(instruction));
}

/**
 * Whether the straight stretch from producer `p` to consumer `q` shows that `p` did not execute
 * where `q` does, its guard predicate not rewritten since `p`: a transfer between them guarded by
 * `p`'s own guard (same predicate, same sense) is fallen through only when that guard fails
 * (`@P0 STG ...; @P0 BRA L; F2F ...`: ptxas waits on the STG's read scoreboard anyway, but no
 * schedule runs both; impl/sass/analysis/edge.ts), and a consumer guarded the other way round
 * executes only when it fails. The model knows both, so such a mutant is no certain hazard.
 */
function skippedOnStretch(program: SassProgram, p: number, q: number): boolean {
  const producer = program.instructions[p]!;
  const guard = producer.guard;
  if (guard === null || guard.predicate === 'PT' || producer.destinations.includes(guard.predicate)) return false;
  for (let b = p + 1; b < q; b++) {
    const between = program.instructions[b]!;
    const own = between.guard;
    if (own !== null && own.predicate === guard.predicate && own.negated === guard.negated && transferWhenGuardHolds(between)) return true;
    if (between.destinations.includes(guard.predicate)) return false;
  }
  // The consumer guarded by the same predicate the other way round: it executes only where the
  // producer did not (impl/sass/analysis/exclusiveGuards.ts).
  return oppositeGuards(guard, program.instructions[q]!.guard);
}

/** The operand text of an instruction: its text after the guard and the opcode. */
function operandText(instruction: SassInstruction): string {
  const text = instruction.text.replace(/^\s*@!?U?P\w+\s+/, '');
  const at = text.indexOf(instruction.opcode);
  return at < 0 ? text : text.slice(at + instruction.opcode.length);
}

/** Whether an instruction protects anything by waiting: a wait mask, a `DEPBAR`, or draining a queue. */
function waits(instruction: SassInstruction): boolean {
  return instruction.control.wait.length > 0 || instruction.depbar !== null || instruction.drains.length > 0;
}

/**
 * Whether a queue's table orders anything (results, or operand reads): a wait on a later
 * instruction of the queue may then cover an earlier one, so the pair is not certain.
 */
function queueOrdersSomething(program: SassProgram, queue: number): boolean {
  const facts = program.queues[queue];
  return facts !== undefined && (readsInIssueOrder(facts) || facts.ordered);
}

/**
 * Whether `consumer` copies `register` onto itself (`MOV R8, R8`, which ptxas -O0 writes after
 * many results): reading it too early writes back the value read, which ends up wrong only if the
 * earlier write lands between the copy's read and its own write, a lower bound on the producer's
 * latency no source gives (spec/sass/selfCopy.ts). So the text makes no such hazard certain.
 */
function copiesOntoItself(consumer: SassInstruction, register: string): boolean {
  return selfCopiedRegister(consumer) === register;
}

/** General-purpose and predicate registers (`R3`, `P0`), not uniform ones. */
function vectorOrPredicate(register: string): boolean {
  return /^[RP]\d+$/.test(register);
}

/** Every certain-hazard mutant of a lowered NVIDIA kernel, in listing order of the consumer. */
export function certainNvidiaMutants(kernel: Pick<LoweredKernel, 'program' | 'counterexample'>): CertainMutant[] {
  const { program } = kernel;
  const result: CertainMutant[] = [];
  // Only where control can go, as the checker's own flow has it: dead code (ptxas -O0 leaves a
  // shuffle's fast path after the `BRA` that skips it; ptxas -O3 vote.sync's fallback subroutine
  // behind `BRA`s that always skip its `CALL`s) has no schedule, so a mutant there is not certain.
  const reached = new Set(reachedFromEntry(program.instructions));
  program.instructions.forEach((consumer, q) => {
    if (!reached.has(q)) return;
    for (const scoreboard of consumer.control.wait) {
      const found = uncoveredProducer(program, q, scoreboard, kernel.counterexample?.program ?? program, reached);
      if (found === null) continue;
      const wait = consumer.control.wait.filter((other) => other !== scoreboard);
      const mutant = mutantOf(kernel, 'drop-wait', q, `wait mask loses SB${scoreboard}`, (old) => ({ ...old, control: { ...old.control, wait } }));
      result.push({ mutant, producerLine: program.instructions[found.producer]!.line, consumerLine: consumer.line, register: found.register, hazard: found.hazard });
    }
    const producer = program.instructions[q - 1];
    // The producer reached too: a branch target after dead code (ptxas -O0's skipped vote fast
    // path ends right before the label its BRA goes to) is reached, the code before it not.
    if (producer !== undefined && reached.has(q - 1) && producer.unit.kind === 'fixed' && producer.control.stall > 1 && !TRANSFERS.has(producer.opcode.split('.')[0]!.toUpperCase()) && !skippedOnStretch(program, q - 1, q)) {
      const early = consumer.unit.kind === 'fixed' ? consumer.sources : consumer.readAtIssue;
      const register = producer.destinations.find((r) => vectorOrPredicate(r) && early.includes(r));
      if (register !== undefined && !copiesOntoItself(consumer, register) && !copiesOntoItself(producer, register) && lateOnCounterexampleSide(kernel, q - 1, register, q)) {
        const mutant = mutantOf(kernel, 'lower-stall', q - 1, `stall ${producer.control.stall} -> 1`, (old) => ({ ...old, control: { ...old.control, stall: 1 } }));
        result.push({ mutant, producerLine: producer.line, consumerLine: consumer.line, register, hazard: 'RAW' });
      }
    }
  });
  return result;
}

/**
 * Whether the counterexample side (what a source shows) still has producer `p`'s `register` land
 * later than one cycle for consumer `q`: the floor of NVIDIA's tables, or a sourced figure. An
 * entry no source bounds from below (a tensor-core MMA, ready the next instruction) makes no
 * reader one cycle later a certain hazard.
 */
function lateOnCounterexampleSide(kernel: Pick<LoweredKernel, 'program' | 'counterexample'>, p: number, register: string, q: number): boolean {
  const evidence = kernel.counterexample?.program ?? kernel.program;
  const producer = evidence.instructions[p]!;
  const consumer = evidence.instructions[q]!;
  if (producer.unit.kind !== 'fixed') return false;
  return readLatency(evidence, producer, register, consumer, consumer.guard?.predicate === register) > 1;
}

/**
 * The nearest variable-latency producer before instruction `q` on its straight stretch, `reached`
 * from the entry, that only `q`'s wait on `scoreboard` keeps from a hazard with `q`, or null.
 */
function uncoveredProducer(program: SassProgram, q: number, scoreboard: number, evidence: SassProgram, reached: ReadonlySet<number>): { producer: number; register: string; hazard: CertainMutant['hazard'] } | null {
  const consumer = program.instructions[q]!;
  const otherWaits = consumer.control.wait.filter((other) => other !== scoreboard);
  const touched = new Set([...consumer.sources, ...consumer.destinations]);
  for (let p = q - 1; p >= 0; p--) {
    const producer = program.instructions[p]!;
    // Code no path reaches comes before a branch target only through it: nothing there runs before q.
    if (unconditionalTransferAsWritten(producer) || !reached.has(p)) return null;
    // A consumer of the producer's own queue may be ordered after it by the queue (ptxas relies on
    // in-order operand reads of Maxwell's I2Is, maxas/ptxas_memory.sm_52.sass line 96, yet waits
    // at line 103): the text does not decide such a pair, so it yields no mutant.
    // So may one of a queue reading in one order with the producer's (`SassQueue.readGroup`).
    const sameQueue = consumer.unit.kind === 'variable' && producer.unit.kind === 'variable'
      && (consumer.unit.queue === producer.unit.queue || readsAfter(program, producer.unit.queue, consumer.unit.queue));
    // A producer only the proof side takes as variable (an HMMA whose counterexample side is ready
    // the next cycle: no source says it can be late) makes no hazard certain.
    const mayBeLate = evidence.instructions[p]?.unit.kind === 'variable';
    if (producer.unit.kind === 'variable' && mayBeLate && !sameQueue && !skippedOnStretch(program, p, q)) {
      const coveredInOrder = () => program.instructions.slice(p + 1, q).some((between) =>
        between.unit.kind === 'variable' && producer.unit.kind === 'variable'
        && ((between.unit.queue === producer.unit.queue && queueOrdersSomething(program, producer.unit.queue)) || readsAfter(program, producer.unit.queue, between.unit.queue))
        && [between.control.writeScoreboard, between.control.readScoreboard].some((sb) => sb !== null && otherWaits.includes(sb)));
      if (producer.control.writeScoreboard === scoreboard) {
        const register = producer.destinations.find((r) => touched.has(r));
        if (register !== undefined && !coveredInOrder() && !copiesOntoItself(consumer, register)) return { producer: p, register, hazard: consumer.sources.includes(register) ? 'RAW' : 'WAW' };
      }
      // A wait on the producer's write scoreboard, which the consumer keeps, proves its reads done too (it completed).
      if (producer.control.readScoreboard === scoreboard && !(producer.control.writeScoreboard !== null && otherWaits.includes(producer.control.writeScoreboard))) {
        const register = producer.sources.find((r) => !producer.readAtIssue.includes(r) && consumer.destinations.includes(r));
        if (register !== undefined && !coveredInOrder()) return { producer: p, register, hazard: 'WAR' };
      }
    }
    // Further back, this instruction stands between producer and consumer.
    if (waits(producer)) return null;
  }
  return null;
}
