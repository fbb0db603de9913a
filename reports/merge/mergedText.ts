type JsonObject = Readonly<Record<string, unknown>>;

/**
 * The text `hazardproof merge` prints for a merged report: one line per fuzz target, file (or
 * kernel) with its verdict and why, each finding with its replay command, then the coverage.
 */
export function mergedText(merged: JsonObject): string {
  const count = (merged.merged as { count?: number } | null)?.count ?? 1;
  const lines: string[] = [];
  if (merged.command === 'fuzz') {
    for (const target of list(merged.targets)) {
      lines.push(`${target.name}: ${target.verdict}: ${target.summary}`);
      for (const finding of list(target.findings)) lines.push(`  ${finding.description ?? finding.message}`, ...(finding.replay ? [`    replay: ${finding.replay}`] : []));
    }
    const coverage = merged.coverage as { targets: number; runs: number };
    lines.push('', `${coverage.runs} runs over ${coverage.targets} target(s), seed ${merged.seed}, merged from ${count} shard(s)`);
  } else {
    for (const result of list(merged.results)) {
      const unit = result.kernel !== undefined ? ` kernel ${result.kernel}` : result.shader !== undefined && result.shader !== null ? ` shader ${result.shader}` : '';
      if (merged.command === 'prove') {
        const program = (result.program ?? {}) as JsonObject;
        const parts = [...list(result.depbars), ...list(result.flags)];
        const tally = [...new Set(parts.map((part) => String(part.verdict)))].map((verdict) => `${parts.filter((part) => part.verdict === verdict).length} ${verdict}`);
        lines.push(`${result.file}: program ${program.verdict}${program.reason ? `: ${program.reason}` : ''}${tally.length > 0 ? `; ${result.depbars ? 'DEPBARs' : 'flags'}: ${tally.join(', ')}` : ''}`);
        const counterexample = program.counterexample as { description?: string } | null | undefined;
        if (counterexample?.description) lines.push(`  ${counterexample.description}`);
      } else {
        lines.push(`${result.file}${unit}: ${result.verdict}: ${result.reason}`);
        for (const hazard of list(result.hazards)) lines.push(`  ${hazard.description}`, ...(hazard.replay ? [`    replay: ${hazard.replay}`] : []));
      }
    }
    const files = (merged.coverage as { files: number }).files;
    lines.push('', `${files} file(s), merged from ${count} shard(s)`);
  }
  return lines.join('\n');
}

function list(value: unknown): JsonObject[] {
  return Array.isArray(value) ? (value as JsonObject[]) : [];
}
