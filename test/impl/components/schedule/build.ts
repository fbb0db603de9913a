import type { ComponentInstruction, ComponentProgram, ComponentRegister } from '../../../../spec/components/program.js';

/** `r18.z`, kept (`increments` false) unless `(r)` follows: `r18.y(r)`; `[madSource2]` sets the reader class. */
export function reg(text: string): ComponentRegister {
  const match = /^(h?r\d+|[a-z]+\d*)\.([xyzw])(\(r\))?(?:\[(\w+)\])?$/.exec(text);
  if (!match) throw new Error(`bad operand ${text}`);
  return { kind: 'register', register: match[1]!, component: 'xyzw'.indexOf(match[2]!), increments: match[3] !== undefined, ...(match[4] ? { readerClass: match[4] } : {}) };
}

/** One test instruction: ALU-like defaults (latency 1, reader class alu, no waits). */
export function ins(opcode: string, fields: Partial<Omit<ComponentInstruction, 'destination' | 'sources'>> & { destination?: string | null; sources?: string[] } = {}): ComponentInstruction {
  const { destination, sources, ...rest } = fields;
  return {
    opcode, repeat: 0, nops: 0, latency: 1, readerClass: 'alu', syncClass: null, waits: [], line: 0, text: opcode,
    destination: destination === undefined || destination === null ? null : reg(destination),
    sources: (sources ?? []).map((text) => (/^(h?r\d+|a0|p0)\./.test(text) ? reg(text) : { kind: 'other' as const, text })),
    ...rest,
  };
}

/** A program from instructions, numbering their lines 1.. and naming them by opcode. */
export function prog(...instructions: ComponentInstruction[]): ComponentProgram {
  return { instructions: instructions.map((instruction, index) => ({ ...instruction, line: index + 1, text: instruction.text === instruction.opcode ? instruction.opcode : instruction.text })) };
}

/** `program` with instruction `index`'s nops set. */
export function withNops(program: ComponentProgram, index: number, nops: number): ComponentProgram {
  return { instructions: program.instructions.map((instruction, at) => (at === index ? { ...instruction, nops } : instruction)) };
}
