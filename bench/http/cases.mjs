// What is measured: each case against the variants it compares, one table per framework.
export const JSON_ACCEPT = { accept: 'application/json' };

// A 16 KB Accept that admits JSON only at its end: what a hostile client sends to make negotiation
// expensive. Its cost is reported as a ratio to the happy GET of the same run. (15.6 KB: with the
// other headers it stays under Node's 16 KB header limit, beyond which Node answers 431 itself.)
export const LONG_ACCEPT = { accept: `${'text/x-filler;level=1;q=0.5, '.repeat(520)}application/json` };

// `expect`: the status every variant must answer; `bare`: where a framework's default differs
// (Express and Hono have no 405 of their own, none refuses a missing Accept). The run checks every
// window against these, so a case that silently answers something else is a failure, not a figure.
export const CASES = [
  { name: 'happy GET (200)', request: { method: 'GET', path: '/widgets', headers: JSON_ACCEPT }, variants: ['bare', 'contract'], expect: 200 },
  { name: '16 KB Accept (200)', request: { method: 'GET', path: '/widgets', headers: LONG_ACCEPT }, variants: ['bare', 'contract'], expect: 200 },
  { name: 'unknown path (404)', request: { method: 'GET', path: '/nothing/here', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 404 },
  { name: 'wrong method (405)', request: { method: 'PUT', path: '/widgets', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 405, bare: { express: 404, hono: 404, fastify: 404, 'nest-express': 404, 'nest-fastify': 404, h3: 404, elysia: 404, nitro: 404 } },
  { name: 'missing Accept (406)', request: { method: 'GET', path: '/widgets', headers: {} }, variants: ['bare', 'minimal', 'contract'], expect: 406, bare: { express: 200, koa: 200, hono: 200, fastify: 200, 'nest-express': 200, 'nest-fastify': 200, h3: 200, elysia: 200, nitro: 200 } },
  { name: 'thrown Error (500)', request: { method: 'GET', path: '/fail', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 500 },
  { name: 'thrown http-errors 400', request: { method: 'GET', path: '/bad', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 400 },
];

/** The status `variant` of `framework` must answer for `kase`. */
export const expectedStatus = (kase, framework, variant) => (variant === 'bare' ? kase.bare?.[framework] : undefined) ?? kase.expect;

// nest-express and nest-fastify: Nest 12 on each platform (servers/nest.mjs); h3: h3 2 on Node (servers/h3.mjs);
// elysia: Elysia 1 on Bun (servers/elysia.mjs, started with Bun by servers.mjs); nitro: a built
// Nitro 3 app on Node (servers/nitro.mjs, built by servers/nitro-build.mjs).
export const FRAMEWORKS = ['express', 'koa', 'hono', 'fastify', 'nest-express', 'nest-fastify', 'h3', 'elysia', 'nitro'];
// The scale curves' servers (servers/scale): every framework of the main table.
export const SCALE_FRAMEWORKS = ['express', 'koa', 'hono', 'fastify', 'nest-express', 'nest-fastify'];
export const VARIANTS = ['bare', 'minimal', 'contract'];
