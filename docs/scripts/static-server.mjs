// A small static file server for the built site, on 127.0.0.1 only: what `docs` and the browser
// test serve dist/ with (VitePress's own preview server is fine too, but this one needs no Vite).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
  '.png': 'image/png', '.ico': 'image/x-icon',
};

function fileFor(dist, pathname) {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = path.endsWith('/') ? [join(dist, path, 'index.html')] : [join(dist, path), join(dist, `${path}.html`)];
  return candidates.find((file) => file.startsWith(dist) && existsSync(file) && statSync(file).isFile());
}

/**
 * Serves `dist` on 127.0.0.1:`port` (0: a free one).
 * @example const { url, close } = await serveSite('/repo/docs/dist', 0)
 */
export function serveSite(dist, port) {
  const server = createServer((request, response) => {
    let file;
    try {
      file = fileFor(dist, new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      file = undefined;
    }
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      createReadStream(join(dist, '404.html')).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
