import { junitXml, type JunitCase } from '../junit.js';

type JsonObject = Readonly<Record<string, unknown>>;

/**
 * JUnit XML of a merged report (`mergeShardReports`'s JSON): for fuzz one test case per program
 * or law, as `fuzz --junit` writes them; for check one per file (or kernel, or shader), for prove
 * one per file, failed when the file has a hazard, an unsound DEPBAR or no verdict (unknown).
 * The failure's details list each finding with its replay command.
 */
export function mergedJunit(merged: JsonObject): string {
  const command = String(merged.command);
  const count = (merged.merged as { count?: number } | null)?.count ?? 1;
  if (command === 'fuzz') {
    const targets = list(merged.targets);
    const cases = targets.map((target): JunitCase => {
      const findings = list(target.findings);
      return {
        classname: target.kind === 'program' ? 'hazardproof.fuzz.program' : 'hazardproof.fuzz.law',
        name: String(target.name),
        seconds: Number(target.elapsedMs) / 1000,
        output: `${target.verdict}: ${target.summary} (seed ${merged.seed})`,
        ...(findings.length > 0 ? { failure: { type: String(target.verdict), message: findings.map(findingSentence).join('; '), details: findings.map(findingDetails).join('\n\n') } } : {}),
      };
    });
    return junitXml(`hazardproof fuzz (seed ${merged.seed}, merged from ${count} shard(s))`, cases, Number(merged.elapsedMs) / 1000);
  }
  const cases = list(merged.results).map((result) => (command === 'prove' ? proveCase(result) : checkCase(result)));
  return junitXml(`hazardproof ${command} (merged from ${count} shard(s))`, cases, cases.reduce((sum, c) => sum + c.seconds, 0));
}

function checkCase(result: JsonObject): JunitCase {
  const unit = result.kernel !== undefined ? ` (kernel ${String(result.kernel)})` : result.shader !== undefined && result.shader !== null ? ` (shader ${String(result.shader)})` : '';
  const hazards = list(result.hazards);
  const failure = result.verdict === 'hazard'
    ? { type: 'hazard', message: hazards.map(findingSentence).join('; ') || String(result.reason), details: hazards.map(findingDetails).join('\n\n') }
    : result.verdict === 'unknown' ? { type: 'unknown', message: String(result.reason), details: String(result.reason) } : null;
  return {
    classname: 'hazardproof.check', name: `${result.file}${unit}`, seconds: Number(result.elapsedMs ?? 0) / 1000, output: `${result.verdict}: ${result.reason}`,
    ...(failure ? { failure } : {}),
  };
}

function proveCase(result: JsonObject): JunitCase {
  const program = (result.program ?? {}) as JsonObject;
  const parts = [...list(result.depbars), ...list(result.flags)];
  const unsound = parts.filter((part) => part.verdict === 'unsound' || part.verdict === 'hazard');
  const unknown = [...parts, program].filter((part) => part.verdict === 'unknown');
  const counterexample = program.counterexample as { description?: string } | null | undefined;
  const failed = unsound.length > 0 || program.verdict === 'hazard';
  const messages = [...unsound.map((part) => `line ${part.line ?? '?'}: ${part.verdict}${part.reason ? `: ${part.reason}` : ''}`), ...(counterexample?.description ? [counterexample.description] : [])];
  const failure = failed
    ? { type: 'hazard', message: messages.join('; ') || `program: ${program.verdict}`, details: messages.join('\n') }
    : unknown.length > 0 ? { type: 'unknown', message: unknown.map((part) => String(part.reason ?? 'unknown')).join('; '), details: unknown.map((part) => String(part.reason ?? 'unknown')).join('\n') } : null;
  return {
    classname: 'hazardproof.prove', name: String(result.file), seconds: Number(result.elapsedMs ?? 0) / 1000,
    output: `program: ${program.verdict}${program.reason ? `: ${program.reason}` : ''}`,
    ...(failure ? { failure } : {}),
  };
}

function findingSentence(finding: JsonObject): string {
  return String(finding.description ?? finding.message ?? finding.kind);
}

function findingDetails(finding: JsonObject): string {
  return [findingSentence(finding), ...(finding.counterexample ? [String(finding.counterexample)] : []), ...(finding.replay ? [`replay: ${finding.replay}`] : [])].join('\n');
}

function list(value: unknown): JsonObject[] {
  return Array.isArray(value) ? (value as JsonObject[]) : [];
}
