// Servers the tests probe: an Express app that breaks the contract on purpose, and a plain Express
// app that never heard of it. All on 127.0.0.1, port 0. The kit against the reference services is
// suites/probe's (test/kit-*.test.ts): the examples' tests use the kit, so the kit's tests do not
// use the examples.
import type { AddressInfo, Server } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';

export interface Running {
  url: string;
  close(): Promise<void>;
}

function listen(app: express.Express): Promise<Running> {
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

const HTML_404 = '<!DOCTYPE html><html><body><h1>Page not found</h1></body></html>';

/**
 * Breaks the contract in every way the CLI looks for: an HTML 404 page, 404 where 405 is due
 * (no method routing), a text/plain 500 with the stack for a non-JSON Accept, and 500 (text, with
 * the stack) for malformed JSON and an over-large body.
 */
export function startBroken(): Promise<Running> {
  const app = express();
  app.get('/widgets', (req, res) => {
    if (!req.accepts('json')) throw new Error('cannot render widgets as HTML');
    res.json([{ id: '1' }]);
  });
  app.post('/widgets', express.json(), (req, res) => {
    res.status(201).json(req.body);
  });
  app.use((_req, res) => {
    res.status(404).type('html').send(HTML_404);
  });
  const crash: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).type('text/plain').send(error.stack);
  };
  app.use(crash);
  return listen(app);
}

/** An Express app as most start: its routes, express.json(), and Express's own error answers. */
export function startPlain(): Promise<Running> {
  const app = express();
  app.get('/widgets', (_req, res) => {
    res.json([{ id: '1' }]);
  });
  app.post('/widgets', express.json(), (req, res) => {
    res.status(201).json(req.body);
  });
  return listen(app);
}
