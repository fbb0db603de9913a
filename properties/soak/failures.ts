/** One failing test of a soak round, with what it takes to replay it. */
export interface SoakFailure {
  /** The suite's file, relative to the project. */
  readonly suite: string;
  /** The test's full name (describe blocks and title). */
  readonly test: string;
  /** The round's seed (`HAZARDPROOF_SEED`), which replays the whole run of that suite. */
  readonly seed: number;
  /** fast-check's own seed and path of the counterexample, when the failure came from a property. */
  readonly property: { readonly seed: number; readonly path: string } | null;
  /** The first lines of the failure message. */
  readonly message: string;
  /** A command that runs that one test under the round's seed. */
  readonly replay: string;
}

/** The part of vitest's JSON report a soak reads. */
export interface VitestJsonReport {
  readonly testResults: readonly {
    readonly name: string;
    readonly status: string;
    readonly message?: string;
    readonly assertionResults: readonly { readonly fullName: string; readonly title: string; readonly status: string; readonly failureMessages: readonly string[] }[];
  }[];
}

const MESSAGE_LINES = 12;

/** fast-check writes `{ seed: N, path: "..." }` (and `Counterexample ... seed N, path P`) into a failure. */
function propertyRun(message: string): SoakFailure['property'] {
  const match = /seed:?\s*(-?\d+),\s*path:?\s*"?([0-9:]+)"?/.exec(message);
  return match ? { seed: Number(match[1]), path: match[2]! } : null;
}

function shellQuote(text: string): string {
  return `"${text.replace(/[\\"$`]/g, '\\$&')}"`;
}

/** The failing tests (and files that failed to load) of one round's report. */
export function soakFailures(report: VitestJsonReport, root: string, seed: number): SoakFailure[] {
  const failures: SoakFailure[] = [];
  for (const file of report.testResults) {
    const suite = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      const message = test.failureMessages.join('\n');
      failures.push({
        suite, test: test.fullName, seed, property: propertyRun(message),
        message: message.split('\n').slice(0, MESSAGE_LINES).join('\n'),
        replay: `HAZARDPROOF_SEED=${seed} npx vitest run ${suite} -t ${shellQuote(test.title)}`,
      });
    }
    // A file that failed before its tests ran (a syntax or import error, a failing hook).
    if (failed.length === 0 && file.status === 'failed') {
      failures.push({ suite, test: '(the file)', seed, property: null, message: (file.message ?? 'failed').split('\n').slice(0, MESSAGE_LINES).join('\n'), replay: `HAZARDPROOF_SEED=${seed} npx vitest run ${suite}` });
    }
  }
  return failures;
}
