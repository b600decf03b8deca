// describeConformance declares its tests at collection: this file is itself the test of it
// (against a reference service: suites/probe/test/kit-run-conformance.test.ts).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { describeConformance } from '../src/vitest.js';

const routes = { existing: '/widgets', strictAccept: true };

// A target given as a function is read when the cases run; a non-strict service's Accept cases
// are only reported, so they make no test.
const app = new Hono();
app.get('/widgets', (c) => c.json([]));
app.notFound((c) =>
  c.json({ type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: 'Nothing here.', instance: c.req.path, code: 'not_found' }, 404),
);
describeConformance('describeConformance: a fetch target given lazily', {
  target: () => ({ fetch: (request: Request) => app.request(request) }),
  routes: { existing: '/widgets' },
});
describeConformance('describeConformance: a fetch target given as is', {
  target: { fetch: (request: Request) => app.request(request) },
  routes: { existing: '/widgets' },
});

describe('describeConformance(name, options)', () => {
  it('needs a target or a start function', () => {
    expect(() => describeConformance('nothing', { routes })).toThrow('describeConformance: give a `target` or a `start` function');
  });
});
