// Hono apps of 10, 100 or 1,000 routes (and a catalog), for the scale curves:
//   node scale/hono.mjs <bare|minimal|contract> '[{"routes":10,"catalog":10},...]'
// Served as the main Hono servers are: the contract through errors.fetch, the others app.fetch.
import { errorContract } from '@error-contract/hono';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

function build({ routes, catalog = 10 }) {
  const app = new Hono();
  let fetch = app.fetch;
  const contract = variant === 'contract' ? contractFor({ catalog }) : undefined;
  if (contract) {
    const errors = errorContract(app, contract);
    app.onError(errors.onError);
    app.notFound(errors.notFound);
    fetch = errors.fetch;
    app.get('/catalog', () => {
      throw contract.error(lastCode(catalog), 'Widget 7 is being edited.');
    });
  }
  app.get('/widgets', (c) => c.json(WIDGETS));
  app.post('/validate/:fields', (c) => failValidation(c.req.param('fields')));
  for (let i = 0; i < routes; i++) {
    app.get(routePath(i), (c) => c.json(WIDGETS[0]));
    app.post(routePath(i), (c) => c.json(WIDGETS[0], 201));
    // The hand-written 405: a catch-all on each route after its methods (Hono has no 405 of its own).
    if (variant === 'minimal') app.all(routePath(i), (c) => c.json({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }, 405, { Allow: 'GET, HEAD, POST' }));
  }
  if (variant === 'minimal') {
    app.notFound((c) => c.json({ status: 404, code: 'not_found', message: 'Not found.' }, 404));
    app.onError((err, c) => {
      if (isZodError(err)) return c.json(validatorBody(err), 400);
      const status = err instanceof HTTPException ? err.status : 500;
      if (status >= 500) log5xx(err);
      return c.json({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message }, status);
    });
  }
  return serve({ fetch, port: 0, hostname: '127.0.0.1' });
}

reportWhenListening(apps.map(build));
