import { describe, expect, it } from 'vitest';
import { parseLrcProgram } from '../../../format/lrc/parse.js';
import { printLrcInstruction } from '../../../format/lrc/print.js';
import { annotateLrcProgram } from '../../../impl/lrc/annotate.js';

const HEAD = `.machine lrc
.unit alu fixed 1: add, mov
.unit mem request: ldg, sam, rcp, ldl
`;
const TWO = `${HEAD}.counter sy: ldg, sam\n.counter ss in-order: rcp, ldl\n`;
/** The annotated instructions as text, flags included. */
const flagged = (text: string) => {
  const annotated = annotateLrcProgram(parseLrcProgram(text, 'test.hp').program);
  return annotated.program.instructions.map((instruction) => printLrcInstruction(instruction, annotated.program));
};

describe('the LRC flag pass', () => {
  it('flags the first reader of a pending load, and only the first: the flag waits for the whole class', () => {
    expect(flagged(`${HEAD}ldg r1 <- r0\nadd r2 <- r0\nadd r3 <- r1\nadd r4 <- r1\n`)).toEqual(['ldg r1 <- r0', 'add r2 <- r0', '(lrc)add r3 <- r1', 'add r4 <- r1']);
  });

  it('flags an overwrite of a source the request may not have read (WAR), and replaces flags that were there', () => {
    expect(flagged(`${HEAD}(lrc)ldg r1 <- r0\n(lrc)add r5 <- r6\nmov r0 <- 7\n`)).toEqual(['ldg r1 <- r0', 'add r5 <- r6', '(lrc)mov r0 <- 7']);
  });

  it('waits per class: an SFU result waits for ss only, the texture for sy', () => {
    expect(flagged(`${TWO}sam r1 <- r0\nrcp r2 <- r0\nadd r3 <- r2\nadd r4 <- r1, r3\n`)).toEqual(['sam r1 <- r0', 'rcp r2 <- r0', '(ss)add r3 <- r2', '(sy)add r4 <- r1, r3']);
  });

  it('needs no flag between two requests of one in-order class writing the same register, but does for a class in any order', () => {
    expect(flagged(`${TWO}ldl r1 <- r0\nldl r1 <- r0\nadd r2 <- r1\n`)).toEqual(['ldl r1 <- r0', 'ldl r1 <- r0', '(ss)add r2 <- r1']);
    expect(flagged(`${TWO}ldg r1 <- r0\nldg r1 <- r0\nadd r2 <- r1\n`)).toEqual(['ldg r1 <- r0', '(sy)ldg r1 <- r0', '(sy)add r2 <- r1']);
  });

  it('leaves a write-after-write to the next writer when nobody reads the value in between', () => {
    expect(flagged(`${HEAD}ldg r1 <- r0\nmov r1 <- 1\nmov r1 <- 2\n`)).toEqual(['ldg r1 <- r0', 'mov r1 <- 1', '(lrc)mov r1 <- 2']);
    expect(flagged(`${HEAD}ldg r1 <- r0\nmov r1 <- 1\nadd r2 <- r1\n`)).toEqual(['ldg r1 <- r0', '(lrc)mov r1 <- 1', 'add r2 <- r1']);
  });

  it('treats preload data as pending from the start, and drains a counter before it overflows', () => {
    expect(flagged(`${HEAD}.preload lrc: r0\nadd r1 <- r0\n`)).toEqual(['(lrc)add r1 <- r0']);
    expect(flagged(`${HEAD}.counter lrc 2: ldg, sam, rcp, ldl\nldg r1 <- r0\nldg r2 <- r0\nldg r3 <- r0\nldg r4 <- r0\n`))
      .toEqual(['ldg r1 <- r0', 'ldg r2 <- r0', 'ldg r3 <- r0', '(lrc)ldg r4 <- r0']);
  });

  it('says what it cannot mend: a preload whose INIT_LRC_VAL is not its register count', () => {
    const annotated = annotateLrcProgram(parseLrcProgram(`${HEAD}.preload lrc 2: r0\nadd r1 <- r0\n`, 'test.hp').program);
    expect(annotated.notes).toEqual(['.preload lrc starts the counter at 2 but 1 register(s) arrive: it never gets back to 0 (a flag on it waits forever); the pass leaves preloads as written']);
  });
});
