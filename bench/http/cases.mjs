// What is measured: each case against the variants it compares, one table for the three frameworks.
const JSON_ACCEPT = { accept: 'application/json' };

// A 16 KB Accept that admits JSON only at its end: what a hostile client sends to make negotiation
// expensive. Its cost is reported as a ratio to the happy GET of the same run.
const LONG_ACCEPT = { accept: `${'text/x-filler;level=1;q=0.5, '.repeat(520)}application/json` };

export const CASES = [
  { name: 'happy GET (200)', request: { method: 'GET', path: '/widgets', headers: JSON_ACCEPT }, variants: ['bare', 'contract'], expect: 200 },
  { name: '16 KB Accept (200)', request: { method: 'GET', path: '/widgets', headers: LONG_ACCEPT }, variants: ['bare', 'contract'], expect: 200 },
  { name: 'unknown path (404)', request: { method: 'GET', path: '/nothing/here', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 404 },
  { name: 'wrong method (405)', request: { method: 'PUT', path: '/widgets', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 405 },
  { name: 'missing Accept (406)', request: { method: 'GET', path: '/widgets', headers: {} }, variants: ['bare', 'minimal', 'contract'], expect: 406 },
  { name: 'thrown Error (500)', request: { method: 'GET', path: '/fail', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 500 },
  { name: 'thrown http-errors 400', request: { method: 'GET', path: '/bad', headers: JSON_ACCEPT }, variants: ['bare', 'minimal', 'contract'], expect: 400 },
];

export const FRAMEWORKS = ['express', 'koa', 'hono'];
export const VARIANTS = ['bare', 'minimal', 'contract'];
