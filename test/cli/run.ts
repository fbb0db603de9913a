import { run } from '../../cli/main.js';

/** Runs the CLI in-process and captures what it prints. */
export async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, progress: false });
  return { code, stdout, stderr };
}
