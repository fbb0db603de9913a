/**
 * The playground's two npm scripts: `build` (`npm run build:playground`) writes the page to
 * `playground-dist/`; `serve` (`npm run playground`, after that build) serves it on this machine.
 * esbuild bundles this file for Node first (package.json's scripts), since Node 20 runs no
 * TypeScript of its own.
 */
import { buildPlayground, describeBuild, DEFAULT_PLAYGROUND_DIR } from './build.js';
import { servePlayground } from './serve.js';

const DEFAULT_PORT = 8787;

async function main(command: string | undefined): Promise<void> {
  if (command !== 'build' && command !== 'serve') throw new Error(`usage: main.mjs build|serve (got ${command ?? 'nothing'})`);
  if (command === 'build') {
    console.log(describeBuild(await buildPlayground()));
    return;
  }
  const port = process.env['PORT'] === undefined ? DEFAULT_PORT : Number(process.env['PORT']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${process.env['PORT']}'`);
  const { url } = await servePlayground(DEFAULT_PLAYGROUND_DIR, port);
  console.log(`serving the playground at ${url} (Ctrl+C stops it; the page checks in the browser, this server only hands out its three files)`);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
