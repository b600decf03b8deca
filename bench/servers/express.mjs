import { errorContract } from '@error-contract/express';
import express from 'express';
import createError from 'http-errors';
import { floorAnswer, log5xx, reportWhenListening } from './harness.mjs';
import { expressRoutes } from './routes.mjs';

const variant = process.argv[2];
const app = express();

function routes() {
  expressRoutes(app, () => {
    throw createError(400, 'The cursor is not valid.');
  });
}

if (variant === 'contract') {
  const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', onError: (error, problem) => problem.status >= 500 && log5xx(error) });
  app.use(errors.guard());
  routes();
  app.use(errors.fallback());
  app.use(errors.handler());
} else if (variant === 'minimal') {
  // What a careful developer writes by hand: a JSON 406, 404, 405 and error handler.
  const allow = { '/widgets': 'GET, HEAD, POST' };
  app.use((req, res, next) => {
    const accept = req.headers.accept;
    if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
      return res.status(406).json({ status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' });
    }
    next();
  });
  routes();
  app.use((req, res) => {
    const methods = allow[req.path];
    if (methods) return res.status(405).set('Allow', methods).json({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' });
    res.status(404).json({ status: 404, code: 'not_found', message: 'Not found.' });
  });
  app.use((err, _req, res, _next) => {
    const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) log5xx(err);
    res.status(status).json({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message });
  });
} else if (variant === 'floor') {
  const floor = floorAnswer();
  const headers = { ...floor.headers, 'content-length': String(Buffer.byteLength(floor.body)) };
  const answer = (res) => res.writeHead(floor.status, headers).end(floor.body);
  app.use((req, res, next) => (req.headers.accept === undefined ? answer(res) : next()));
  routes();
  app.use((_req, res) => answer(res));
  app.use((err, _req, res, _next) => (floor.status >= 500 && log5xx(err), answer(res)));
} else {
  routes(); // Express's defaults: HTML 404, no 405, no 406, HTML error pages
}

reportWhenListening(app.listen(0, '127.0.0.1'));
