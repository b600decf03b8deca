// Peer: Hono's HTTPException with the app.onError users write: err.getResponse() for an
// HTTPException (its text body), a JSON 500 otherwise. Hono's default 404; no 405, no 406.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { log5xx, reportWhenListening } from '../harness.mjs';
import { honoRoutes } from '../routes.mjs';

const app = new Hono();
honoRoutes(app, () => {
  throw new HTTPException(400, { message: 'The cursor is not valid.' });
});
app.onError((err, c) => {
  if (err instanceof HTTPException) return err.getResponse();
  log5xx(err);
  return c.json({ error: 'Internal Server Error' }, 500);
});

reportWhenListening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
