// Entry of `npm run bench:llvm-tests`: LLVM's AMDGPU CodeGen tests through llc-19 and the checker (bench/llvmTests.ts).
import { llvmTestsMain } from './llvmTests.js';

process.exitCode = await llvmTestsMain(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  progress: Boolean(process.stderr.isTTY) && !process.env.CI,
});
