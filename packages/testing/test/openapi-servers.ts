// Servers the OpenAPI probe's tests talk to, on 127.0.0.1, port 0: a small widgets API written by
// hand that keeps the error contract and serves its own document (which can declare an error
// schema its bodies break), and a plain Express app with the same document and Express's own
// error pages. Both count the requests they get.
import type { AddressInfo, Server } from 'node:net';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';

export interface Counted {
  url: string;
  /** Requests received so far, as `METHOD /path`. */
  received: string[];
  close(): Promise<void>;
}

export interface DocumentOptions {
  /** The error schema requires a `traceId` member, which no body carries. */
  requireTraceId?: boolean;
  /** `servers: [{ url }]`. */
  server?: string;
  version?: '3.0.3' | '3.1.0';
}

/** The widgets API's document: four operations, bearer security, error responses with a Problem schema. */
export function widgetsDocument(options: DocumentOptions = {}): Record<string, unknown> {
  const version = options.version ?? '3.1.0';
  const problem = (status: number) => ({
    description: `error ${status}`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } }, 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  });
  const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), problem(status)]));
  const nullableString = version === '3.0.3' ? { type: 'string', nullable: true } : { type: ['string', 'null'] };
  return {
    openapi: version,
    info: { title: 'widgets', version: '1.0.0' },
    ...(options.server === undefined ? {} : { servers: [{ url: options.server }] }),
    security: [{ bearer: [] }],
    paths: {
      '/widgets': {
        get: { operationId: 'listWidgets', responses: { '200': { description: 'the widgets' }, ...errors(401, 404, 405, 406) } },
        post: {
          operationId: 'createWidget',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetInput' } } } },
          responses: { '201': { description: 'created' }, ...errors(400, 401, 405, 406, 413, 415) },
        },
      },
      '/widgets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
        get: { operationId: 'getWidget', responses: { '200': { description: 'a widget' }, ...errors(401, 404, 405, 406) } },
        delete: { operationId: 'deleteWidget', responses: { '204': { description: 'deleted' }, ...errors(401, 404, 405, 406) } },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        WidgetInput: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 }, note: nullableString } },
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'instance', 'code', ...(options.requireTraceId === true ? ['traceId'] : [])],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string' },
            code: { type: 'string' },
            traceId: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', required: ['field', 'detail'] } },
          },
        },
      },
    },
  };
}

function listen(app: express.Express): Promise<Counted> {
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, received, close: () => new Promise((done) => server.close(() => done())) });
    });
    const received: string[] = [];
    server.on('request', (req: { method: string; url: string }) => received.push(`${req.method} ${req.url}`));
  });
}

const CODES: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 404: 'not_found', 405: 'method_not_allowed', 406: 'not_acceptable', 413: 'payload_too_large', 415: 'unsupported_media_type' };

function problem(res: Response, req: Request, status: number, extra: Record<string, unknown> = {}): void {
  const code = (extra.code as string | undefined) ?? CODES[status]!;
  res.status(status).type('application/json').set('cache-control', 'no-store');
  res.send(JSON.stringify({ type: 'about:blank', title: code, status, detail: `a ${status}`, instance: req.path, code, ...extra }));
}

/**
 * The widgets API, keeping the contract by hand: 406 for an Accept without JSON, 401 with a
 * challenge, 404, 405 with Allow, 415, 400 for malformed JSON and for a missing name, 413 over 1 kB.
 */
export function startContractApi(document: Record<string, unknown>, { documentPath = '/openapi.json' } = {}): Promise<Counted> {
  const app = express();
  app.get(documentPath, (_req, res) => {
    res.json(document);
  });
  app.use((req, res, next) => (req.accepts('application/json') === false || req.headers.accept === undefined ? problem(res, req, 406) : next()));
  app.use((req, res, next) => {
    if (req.headers.authorization !== 'Bearer t') {
      res.set('www-authenticate', 'Bearer realm="widgets"');
      problem(res, req, 401);
    } else next();
  });
  const routes: Record<string, string[]> = { '/widgets': ['GET', 'HEAD', 'POST'], '/widgets/1': ['GET', 'HEAD', 'DELETE'] };
  app.use((req, res, next) => {
    const allowed = routes[req.path];
    if (allowed === undefined) return problem(res, req, 404);
    if (!allowed.includes(req.method)) {
      res.set('allow', allowed.join(', '));
      return problem(res, req, 405);
    }
    next();
  });
  app.get('/widgets', (_req, res) => {
    res.json([{ id: 1, name: 'sprocket' }]);
  });
  app.get('/widgets/1', (_req, res) => {
    res.json({ id: 1, name: 'sprocket' });
  });
  app.delete('/widgets/1', (_req, res) => {
    res.status(204).end();
  });
  app.post(
    '/widgets',
    (req, res, next: NextFunction) => (req.is('application/json') === false ? problem(res, req, 415) : next()),
    express.json({ limit: '1kb' }),
    (req, res) => {
      if (typeof (req.body as { name?: unknown } | undefined)?.name !== 'string') return problem(res, req, 400, { code: 'validation_failed', errors: [{ field: 'name', detail: 'name is required' }] });
      res.status(201).json({ id: 2, ...(req.body as object) });
    },
  );
  const parseErrors: ErrorRequestHandler = (error: { status?: number }, req, res, _next) => problem(res, req, error.status === 413 ? 413 : 400);
  app.use(parseErrors);
  return listen(app);
}

/** The same routes and document on a plain Express app: no contract, Express's own answers. */
export function startPlainApi(document: Record<string, unknown>): Promise<Counted> {
  const app = express();
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.get('/widgets', (_req, res) => {
    res.json([{ id: 1, name: 'sprocket' }]);
  });
  app.post('/widgets', express.json(), (req, res) => {
    res.status(201).json(req.body);
  });
  app.get('/widgets/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.delete('/widgets/:id', (_req, res) => {
    res.status(204).end();
  });
  return listen(app);
}
