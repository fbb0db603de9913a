#!/usr/bin/env node
// Entry point of the `hazardproof` command: runs the compiled CLI (dist/, built by `npm run build`).
import { run } from '../dist/cli/main.js';

const io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  progress: Boolean(process.stderr.isTTY) && !process.env.CI,
};
process.exitCode = await run(process.argv.slice(2), io);
