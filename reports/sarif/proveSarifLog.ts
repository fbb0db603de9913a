import type { ProveFileJson } from '../proveReport.js';
import { buildSarifLog, type SarifFinding, type SarifNotice, type SarifReportContent, type SarifVerdictRecord } from './buildLog.js';
import { findingMessage } from './findingMessage.js';
import { mergeSarifContent } from './mergeContent.js';
import type { SarifRuleId } from './rules.js';
import type { SarifLog } from './sarifTypes.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';
import { findingFingerprint } from './fingerprint.js';

/** The rules `prove` can report on scoreboard programs, listed in every log it writes. */
const PROVE_RULES: readonly SarifRuleId[] = ['unsound-immediate', 'loose-immediate', 'unsafe-program'];

type DepbarJson = ProveFileJson['depbars'][number];

/**
 * The SARIF log of `hazardproof prove` on scoreboard programs, from the objects `prove --json`
 * prints (`proveFileJson`): an `unsound-immediate` error per unsound DEPBAR (with the order of
 * events that breaks it, the broken dependency's producer and consumer related), a
 * `loose-immediate` note per sound but not tight one (with the largest safe immediate), an
 * `unsafe-program` error for a whole-program counterexample; unknown DEPBARs and programs as
 * notifications; every verdict in the run's properties.
 */
export function proveSarifLog(files: readonly ProveFileJson[], args: readonly string[]): SarifLog {
  return buildSarifLog({ command: 'prove', arguments: args, rules: PROVE_RULES }, mergeSarifContent(files.map(proveFileSarif)));
}

function proveFileSarif(report: ProveFileJson): SarifReportContent {
  const findings: SarifFinding[] = [];
  const notices: SarifNotice[] = [];
  const verdicts: SarifVerdictRecord[] = [];
  for (const depbar of report.depbars) {
    const unit = `DEPBAR.LE SB${depbar.scoreboard}, ${depbar.immediate} (line ${depbar.line ?? '?'})`;
    verdicts.push({ file: report.file, unit, verdict: depbar.verdict, reason: depbar.reason, properties: { largestSafe: depbar.largestSafe, queries: depbar.queries } });
    if (depbar.verdict === 'unknown') notices.push(unknownVerdictNotice(report.file, unit, depbar.reason, depbar.line));
    if (depbar.verdict === 'unsound' || depbar.verdict === 'sound') findings.push(depbarFinding(report.file, unit, depbar));
  }
  const { program } = report;
  verdicts.push({ file: report.file, unit: 'program', verdict: program.verdict, reason: program.reason, properties: { method: program.method } });
  if (program.verdict === 'unknown') notices.push(unknownVerdictNotice(report.file, 'program', program.reason));
  const counterexample = program.counterexample;
  if (counterexample) {
    const { hazard } = counterexample;
    const register = hazard.kind === 'overflow' ? `SB${hazard.scoreboard}` : hazard.register;
    const producerLine = 'producerLine' in counterexample ? counterexample.producerLine : null;
    const consumerLine = 'consumerLine' in counterexample ? counterexample.consumerLine : counterexample.instructionLine;
    findings.push({
      ruleId: 'unsafe-program', file: report.file, line: consumerLine,
      related: hazard.kind === 'overflow' ? [] : [{ line: producerLine, message: `(#${hazard.producer}): the earlier instruction of the pair` }],
      message: findingMessage(`program: ${program.verdict} (${program.method}): ${program.reason}\n${counterexample.description}`, counterexample.schedule, counterexample.replay),
      fingerprint: findingFingerprint(null, 'unsafe-program', hazard.kind, hazard.warp, register, producerLine, consumerLine),
      properties: { kind: hazard.kind, register, method: program.method, schedule: counterexample.schedule, replay: counterexample.replay },
    });
  }
  return { findings, verdicts, notices };
}

/** An unsound DEPBAR (with its breaking order) or a loose one (with its largest safe immediate), at the barrier's line. */
function depbarFinding(file: string, unit: string, depbar: DepbarJson): SarifFinding {
  const unsound = depbar.verdict === 'unsound';
  const ruleId = unsound ? 'unsound-immediate' : 'loose-immediate';
  const broken = depbar.breakingOrder?.dependency ?? null;
  const protects = depbar.dependencies.map((d) => `protects ${d.kind} on ${d.register}: the ${d.event} of #${d.producer} (line ${d.producerLine ?? '?'}) before #${d.consumer} (line ${d.consumerLine ?? '?'})`);
  const head = unsound
    ? `${unit} is unsound: ${depbar.reason}`
    : `${unit} is sound but not tight: ${depbar.reason}${depbar.largestSafe === null ? '' : `; the largest safe immediate is ${depbar.largestSafe}`}`;
  const order = unsound && depbar.breakingOrder ? [`order that breaks it: ${breakingOrderText(depbar)}`] : [];
  return {
    ruleId, file, line: depbar.line,
    related: broken === null ? [] : [
      { line: broken.producerLine, message: `(#${broken.producer}): its ${broken.event} is what the consumer waits for (${broken.kind} on ${broken.register})` },
      { line: broken.consumerLine, message: `(#${broken.consumer}): the consumer the barrier ${unsound ? 'lets go too early' : 'protects'}` },
    ],
    message: [head, ...protects, ...order].join('\n'),
    fingerprint: findingFingerprint(null, ruleId, `SB${depbar.scoreboard}`, depbar.line),
    properties: { scoreboard: depbar.scoreboard, immediate: depbar.immediate, largestSafe: depbar.largestSafe, verdict: depbar.verdict },
  };
}

/** The breaking order in words, one event after the other, with the moment the barrier passes and the event it should have waited for. */
function breakingOrderText(depbar: DepbarJson): string {
  const breaking = depbar.breakingOrder!;
  let outstanding = breaking.events.filter((event) => event.counted).length;
  const steps: string[] = [];
  breaking.events.forEach((event, step) => {
    if (step === breaking.doneAtBarrier) steps.push(`DEPBAR.LE SB${depbar.scoreboard}, ${breaking.immediate} passes with ${outstanding} outstanding`);
    if (event.counted) outstanding--;
    const needed = event.instruction === breaking.dependency.producer && event.event === breaking.dependency.event ? ` (needed by #${breaking.dependency.consumer})` : '';
    steps.push(`${step + 1}. ${event.event} of #${event.instruction} (line ${event.line ?? '?'})${needed}`);
  });
  return steps.join('; ');
}
