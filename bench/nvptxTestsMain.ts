// Entry of `npm run bench:nvptx-tests`: LLVM's NVPTX CodeGen tests through llc-22, ptxas and the checker (bench/nvptxTests.ts).
import { nvptxTestsMain } from './nvptxTests.js';

process.exitCode = await nvptxTestsMain(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  progress: Boolean(process.stderr.isTTY) && !process.env.CI,
});
