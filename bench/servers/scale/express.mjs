// Express apps of 10, 100 or 1,000 routes (and a catalog), for the scale curves:
//   node scale/express.mjs <bare|minimal|contract> '[{"routes":10,"catalog":10},...]'
// The fixed routes come first, the N generated ones after, so that /widgets, /validate and /catalog
// cost the same whatever N; a 404 or 405 then walks all N (Express's router is a list).
import { errorContract } from '@error-contract/express';
import express from 'express';
import { log5xx, reportWhenListening, WIDGETS } from '../harness.mjs';
import { apps, contractFor, failValidation, isZodError, lastCode, routePath, validatorBody, variant } from './shared.mjs';

const answer = (_req, res) => res.json(WIDGETS[0]);
const created = (_req, res) => res.status(201).json(WIDGETS[0]);
const methodNotAllowed = (_req, res) => res.status(405).set('Allow', 'GET, HEAD, POST').json({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' });

function build({ routes, catalog = 10 }) {
  const app = express();
  const contract = variant === 'contract' ? contractFor({ catalog }) : undefined;
  const errors = contract && errorContract(contract);
  if (errors) app.use(errors.guard());
  app.get('/widgets', (_req, res) => res.json(WIDGETS));
  app.post('/validate/:fields', (req) => failValidation(req.params.fields));
  if (contract) {
    app.get('/catalog', () => {
      throw contract.error(lastCode(catalog), 'Widget 7 is being edited.');
    });
  }
  for (let i = 0; i < routes; i++) {
    // One router layer per path in every variant (app.route), so all walk the same list; the
    // hand-written 405 is Express's own way, `.all()` on each route after its methods.
    const route = app.route(routePath(i)).get(answer).post(created);
    if (variant === 'minimal') route.all(methodNotAllowed);
  }
  if (errors) {
    app.use(errors.fallback());
    app.use(errors.handler());
  } else if (variant === 'minimal') {
    app.use((_req, res) => res.status(404).json({ status: 404, code: 'not_found', message: 'Not found.' }));
    app.use((err, _req, res, _next) => {
      if (isZodError(err)) return res.status(400).json(validatorBody(err));
      const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 600 ? err.status : 500;
      if (status >= 500) log5xx(err);
      res.status(status).json({ status, code: status >= 500 ? 'internal_server_error' : 'bad_request', message: status >= 500 ? 'Internal error.' : err.message });
    });
  }
  return app.listen(0, '127.0.0.1');
}

reportWhenListening(apps.map(build));
