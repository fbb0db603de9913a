/**
 * `npm run playground`: serves the built page from `playground-dist/` on this machine (by
 * default http://localhost:8787/; `PORT` changes it) with nothing but Node's own HTTP server. It
 * serves the build's files and nothing else, and never runs a check: the page does that.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { PLAYGROUND_FILES } from './build.js';

/** Each built file's content type. */
const CONTENT_TYPES: Readonly<Record<(typeof PLAYGROUND_FILES)[number], string>> = {
  'index.html': 'text/html; charset=utf-8',
  'playground.js': 'text/javascript; charset=utf-8',
  'playground.css': 'text/css; charset=utf-8',
};

/**
 * Starts serving `folder` (a build) on `host:port` (port 0: any free one); resolves once it
 * listens, with its address. Only the build's three files are served, read on each request
 * (a rebuild shows without a restart); any other path is a 404, so nothing else on the disk is
 * reachable, whatever the path says.
 */
export function servePlayground(folder: string, port: number, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const name = path === '/' ? 'index.html' : path.slice(1);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (!(PLAYGROUND_FILES as readonly string[]).includes(name)) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(join(folder, name));
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`${name} is not built: npm run build:playground\n`);
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[name as keyof typeof CONTENT_TYPES], 'content-length': body.length, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({ server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actual}/` });
    });
  });
}
