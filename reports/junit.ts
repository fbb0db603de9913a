/** One JUnit test case: a checked program or a law. */
export interface JunitCase {
  readonly classname: string;
  readonly name: string;
  readonly seconds: number;
  /** Present when the case failed. */
  readonly failure?: { readonly type: string; readonly message: string; readonly details: string };
  /** Extra output shown with the case (coverage, seeds). */
  readonly output?: string;
}

/** Escapes text for XML attributes and content. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all (control characters such as the terminal's escape).
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** A JUnit XML document with one suite, the format CI systems render natively. */
export function junitXml(suite: string, cases: readonly JunitCase[], seconds: number): string {
  const failures = cases.filter((c) => c.failure).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds.toFixed(3)}">`,
  ];
  for (const testCase of cases) {
    lines.push(`    <testcase classname="${escapeXml(testCase.classname)}" name="${escapeXml(testCase.name)}" time="${testCase.seconds.toFixed(3)}">`);
    if (testCase.failure) {
      lines.push(`      <failure type="${escapeXml(testCase.failure.type)}" message="${escapeXml(testCase.failure.message)}">${escapeXml(testCase.failure.details)}</failure>`);
    }
    if (testCase.output) lines.push(`      <system-out>${escapeXml(testCase.output)}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
