import fc from 'fast-check';
import type { ComponentInstruction, ComponentProgram, ComponentRegister, OtherOperand } from '../../spec/components/program.js';
import { intrinsicHazard } from '../../impl/components/schedule/dependences.js';

/** Size knobs of generated straight-line component programs. */
export interface ComponentProgramShape {
  /** Fewest and most instructions (defaults 6 and 10). */
  readonly minInstructions?: number;
  readonly maxInstructions?: number;
  /** Registers r0..r(n-1), four components each (default 3). */
  readonly registers?: number;
  /** Most variable-latency producers (default 2): each multiplies the states exhaustive search visits. */
  readonly maxVariable?: number;
}

const CLASSES = ['alu', 'nonAlu'] as const;

function registerArbitrary(registers: number, forDestination: boolean): fc.Arbitrary<ComponentRegister> {
  return fc.record({
    register: fc.integer({ min: 0, max: registers - 1 }).map((n) => `r${n}`),
    component: fc.integer({ min: 0, max: 3 }),
    // Destinations mostly increment (ir3 always does); the seed's fmac keeps its index.
    increments: forDestination ? fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.boolean(),
    late: forDestination ? fc.constant(false) : fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  }).map(({ register, component, increments, late }): ComponentRegister => ({
    kind: 'register', register, component, increments, ...(late ? { readerClass: 'madSource2' } : {}),
  }));
}

const latencyArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }).map((latency) => ({ latency: latency as number | 'variable', syncClass: null as 'sy' | 'ss' | null })) },
  { weight: 1, arbitrary: fc.constantFrom('sy' as const, 'ss' as const).map((syncClass) => ({ latency: 'variable' as number | 'variable', syncClass: syncClass as 'sy' | 'ss' | null })) },
);

/** Per-class read latencies, sometimes: an ALU result may need longer before some readers (ir3). */
const readLatencyArbitrary = fc.option(
  fc.record({ alu: fc.integer({ min: 1, max: 8 }), nonAlu: fc.integer({ min: 1, max: 8 }), madSource2: fc.integer({ min: 1, max: 8 }) }, { requiredKeys: [] }),
  { nil: undefined, freq: 2 },
);

function describe(instruction: Omit<ComponentInstruction, 'text' | 'line'>, index: number): string {
  const operand = (o: ComponentRegister | OtherOperand) => (o.kind === 'other' ? o.text : `${o.register}.${'xyzw'[o.component]}${o.increments ? '(r)' : ''}${o.readerClass ? `[${o.readerClass}]` : ''}`);
  const timing = instruction.latency === 'variable' ? `variable ${instruction.syncClass}` : `latency ${instruction.latency}${instruction.readLatency ? ` ${JSON.stringify(instruction.readLatency)}` : ''}`;
  const operands = [instruction.destination ? operand(instruction.destination) : '-', ...instruction.sources.map(operand)].join(', ');
  return `${instruction.repeat > 0 ? `(rpt${instruction.repeat})` : ''}i${index} ${operands} ; ${timing}, reads as ${instruction.readerClass}`;
}

/**
 * Straight-line programs of the component machine (`spec/components/`): a few registers of four
 * components, repeats 0-3, sources that increment or keep their component (some read late, as a
 * `mad`'s third source), fixed latencies 1-8 with optional per-class read latencies, at most
 * `maxVariable` variable-latency producers with a sync class, arbitrary input waits and nops
 * (which a scheduler drops). An instruction whose executions would depend on each other (no
 * schedule can fix that) is made unrepeated.
 */
export function componentProgramArbitrary(shape: ComponentProgramShape = {}): fc.Arbitrary<ComponentProgram> {
  const registers = shape.registers ?? 3;
  const maxVariable = shape.maxVariable ?? 2;
  const other: fc.Arbitrary<OtherOperand> = fc.constantFrom('c0.x', '0x1').map((text) => ({ kind: 'other', text }));
  const instruction = fc.record({
    repeat: fc.integer({ min: 0, max: 3 }),
    nops: fc.integer({ min: 0, max: 2 }),
    destination: fc.oneof({ weight: 6, arbitrary: registerArbitrary(registers, true) }, { weight: 1, arbitrary: fc.constant(null) }),
    sources: fc.array(fc.oneof({ weight: 4, arbitrary: registerArbitrary(registers, false) }, { weight: 1, arbitrary: other }), { minLength: 0, maxLength: 3 }),
    timing: latencyArbitrary,
    readLatency: readLatencyArbitrary,
    readerClass: fc.constantFrom(...CLASSES),
    waits: fc.subarray(['sy', 'ss'] as ('sy' | 'ss')[]),
  });
  return fc.array(instruction, { minLength: shape.minInstructions ?? 6, maxLength: shape.maxInstructions ?? 10, size: 'max' }).map((drafts) => {
    let variable = 0;
    const instructions = drafts.map((draft, index): ComponentInstruction => {
      const isVariable = draft.timing.latency === 'variable' && draft.destination !== null && variable < maxVariable;
      if (isVariable) variable++;
      const timing = isVariable ? draft.timing : { latency: draft.timing.latency === 'variable' ? 3 : draft.timing.latency, syncClass: null };
      const body = {
        opcode: `i${index}`, repeat: draft.repeat, nops: draft.nops, destination: draft.destination, sources: draft.sources,
        latency: timing.latency, syncClass: timing.syncClass, readerClass: draft.readerClass, waits: draft.waits,
        ...(draft.readLatency !== undefined && !isVariable ? { readLatency: draft.readLatency } : {}),
      };
      const fixed = intrinsicHazard({ ...body, line: index + 1, text: '' }) === null ? body : { ...body, repeat: 0 };
      return { ...fixed, line: index + 1, text: describe(fixed, index) };
    });
    return { instructions };
  });
}
