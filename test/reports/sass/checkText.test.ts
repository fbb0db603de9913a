/**
 * A kernel's JSON report summarises what can run to hundreds of thousands (unconfirmed hazards)
 * or to one per instruction (notes): the first `LISTED_IN_FULL` of each, every one counted by
 * kind; `--all-findings` lists them all. The same objects make the SARIF log, and
 * schema/listing-report.schema.json describes them.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Suspicion } from '../../../impl/sass/analysis/suspicion.js';
import type { LoweringNote } from '../../../format/sass/lower.js';
import { kernelCheckJson, kernelCheckReport, LISTED_IN_FULL, renderKernelCheck, type KernelCheck, type ListingKernelReport } from '../../../reports/sass/checkText.js';
import { cli } from '../../cli/run.js';
import { scratchWriter, section } from '../../cli/cuasmScratch.js';
import { syntheticKernel } from '../../impl/sass/analysis/syntheticKernel.js';

const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync('schema/listing-report.schema.json', 'utf8')) as object);

/** A kernel's check with `count` unconfirmed hazards (kinds in turn: RAW, WAR, WAW, overflow) and `notes` notes. */
function checkWith(count: number, notes: number): KernelCheck {
  const program = syntheticKernel(1, 200);
  const kinds = ['RAW', 'WAR', 'WAW', 'overflow'] as const;
  const unconfirmed = Array.from({ length: count }, (_, index): Suspicion => {
    const kind = kinds[index % 4]!;
    return { kind, register: kind === 'overflow' ? null : `R${index % 32}`, producer: index % 100, consumer: 100 + (index % 100), scoreboard: kind === 'overflow' ? 0 : null, why: 'no wait proves it' };
  });
  const lowering = Array.from({ length: notes }, (_, index): LoweringNote => ({ kind: index % 3 === 0 ? 'assumption' : 'unknown-opcode', line: index + 1, column: 1, message: `note ${index}` }));
  return {
    file: 'kernel.sm_75.cuasm', program, elapsedMs: 1,
    result: { verdict: 'unknown', reason: 'the analysis cannot rule out hazards', hazards: [], unconfirmed, assumed: [], notes: lowering, analysisSteps: 200 },
  };
}

describe('the JSON report of a kernel', () => {
  it(`lists the first ${LISTED_IN_FULL} unconfirmed hazards and notes, and counts every one by kind`, () => {
    const report = kernelCheckJson(checkWith(1_000, 45));
    expect(report.unconfirmed).toHaveLength(LISTED_IN_FULL);
    expect(report.unconfirmed.map((suspicion) => [suspicion.kind, suspicion.producer, suspicion.consumer])).toEqual(checkWith(LISTED_IN_FULL, 0).result.unconfirmed.map((suspicion) => [suspicion.kind, suspicion.producer, suspicion.consumer]));
    expect(report.unconfirmedSummary).toEqual({ total: 1_000, listed: LISTED_IN_FULL, omitted: 1_000 - LISTED_IN_FULL, byKind: { RAW: 250, WAR: 250, WAW: 250, overflow: 250 } });
    expect(report.notes).toHaveLength(LISTED_IN_FULL);
    expect(report.notesSummary).toEqual({ total: 45, listed: LISTED_IN_FULL, omitted: 45 - LISTED_IN_FULL, byKind: { assumption: 15, 'unknown-opcode': 30 } });
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });

  it('with allFindings (--all-findings), lists every one', () => {
    const report = kernelCheckReport(checkWith(1_000, 45), { allFindings: true });
    expect(report.unconfirmed).toHaveLength(1_000);
    expect(report.notes).toHaveLength(45);
    expect(report.unconfirmedSummary).toMatchObject({ total: 1_000, listed: 1_000, omitted: 0 });
    expect(report.notesSummary).toMatchObject({ total: 45, listed: 45, omitted: 0 });
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a short list is whole, with a summary that leaves nothing out', () => {
    const report = kernelCheckJson(checkWith(3, 0));
    expect(report.unconfirmed).toHaveLength(3);
    expect(report.unconfirmedSummary).toEqual({ total: 3, listed: 3, omitted: 0, byKind: { RAW: 1, WAR: 1, WAW: 1 } });
    expect(report.notesSummary).toEqual({ total: 0, listed: 0, omitted: 0, byKind: {} });
  });

  it('the text report counts the unconfirmed hazards it does not show, by kind', () => {
    expect(renderKernelCheck(checkWith(1_000, 0))).toContain('... and 992 more unconfirmed (1000 in all: RAW 250, WAR 250, WAW 250, overflow 250)');
  });
});

describe('hazardproof check LISTING: summarised JSON and SARIF', () => {
  const file = scratchWriter('summary');
  // 25 instructions the table does not know (a note each), 40 stores no wait retires, then their
  // data registers overwritten: 40 suspected WARs, of which the first 16 are tried (and shown).
  let address = 0;
  const line = (control: string, text: string) => `      [${control}] /*${(16 * address++).toString(16).padStart(4, '0')}*/ ${text} ;`;
  const listing = file('stores.sm_75.cuasm', `${section('stores',
    ...Array.from({ length: 25 }, (_, k) => line('B------:R-:W-:-:S02', `FROB R${200 + k}, R${230 + k}`)),
    ...Array.from({ length: 40 }, (_, k) => line('B------:R-:W-:-:S02', `STG.E.SYS [R2+0x${(4 * k).toString(16)}], R${10 + k}`)),
    ...Array.from({ length: 40 }, (_, k) => line('B------:R-:W-:-:S04', `IADD3 R${10 + k}, R0, 0x${(k + 1).toString(16)}, RZ`)),
    line('B------:R-:W-:-:S05', 'EXIT'),
  )}\n`);

  it('--json lists 20 unconfirmed hazards and 20 notes and counts the rest; --all-findings lists all; both fit the schema', async () => {
    const summarised = JSON.parse((await cli('check', listing, '--json')).stdout) as ListingKernelReport;
    expect(summarised.verdict).toBe('hazard');
    expect(summarised.hazards).toHaveLength(16);
    expect(summarised.unconfirmedSummary).toEqual({ total: 24, listed: 20, omitted: 4, byKind: { WAR: 24 } });
    expect(summarised.unconfirmed).toHaveLength(20);
    expect(summarised.notesSummary).toEqual({ total: 25, listed: 20, omitted: 5, byKind: { 'unknown-opcode': 25 } });
    expect(validate(summarised), JSON.stringify(validate.errors)).toBe(true);
    const whole = JSON.parse((await cli('check', listing, '--json', '--all-findings')).stdout) as ListingKernelReport;
    expect(whole.unconfirmed).toHaveLength(24);
    expect(whole.notes).toHaveLength(25);
    expect(whole.unconfirmed.slice(0, 20)).toEqual(summarised.unconfirmed);
    expect(validate(whole), JSON.stringify(validate.errors)).toBe(true);
  });

  it('--format sarif counts what it does not list in a findings-not-listed notification; --all-findings lists every one', async () => {
    type Log = { runs: { invocations: { toolExecutionNotifications: { descriptor: { id: string }; message: { text: string } }[] }[]; properties: { verdicts: { unconfirmed: number }[] } }[] };
    const notifications = (log: Log) => log.runs[0]!.invocations[0]!.toolExecutionNotifications;
    const summarised = JSON.parse((await cli('check', listing, '--format', 'sarif')).stdout) as Log;
    const notListed = notifications(summarised).filter((notification) => notification.descriptor.id === 'findings-not-listed').map((notification) => notification.message.text);
    expect(notListed).toEqual([
      'kernel stores: 4 more unconfirmed hazard(s) not listed (24 in all: WAR 24); --all-findings lists every one',
      'kernel stores: 5 more note(s) not listed (25 in all: unknown-opcode 25); --all-findings lists every one',
    ]);
    expect(notifications(summarised).filter((notification) => notification.descriptor.id === 'unconfirmed-hazard')).toHaveLength(20);
    expect(summarised.runs[0]!.properties.verdicts[0]!.unconfirmed).toBe(24);
    const whole = JSON.parse((await cli('check', listing, '--format', 'sarif', '--all-findings')).stdout) as Log;
    expect(notifications(whole).filter((notification) => notification.descriptor.id === 'unconfirmed-hazard')).toHaveLength(24);
    expect(notifications(whole).some((notification) => notification.descriptor.id === 'findings-not-listed')).toBe(false);
  });

  it('--all-findings is for listings: a .hp program refuses it', async () => {
    const { code, stderr } = await cli('check', 'examples/three-textures.hp', '--all-findings');
    expect(code).toBe(2);
    expect(stderr).toContain('--all-findings applies to NVIDIA listings');
  });
});
