import { run } from '../../cli/main.js';

/** Runs the CLI in-process and captures what it prints. */
export function cli(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = run(argv, { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, progress: false });
  return { code, stdout, stderr };
}
