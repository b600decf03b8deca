// The scale curves: how the cost per request moves with the app's size (routes, catalog) and the
// request's (Accept length, field errors). Each curve compares the contract with the reference
// variant of the same run; each point of a curve is measured in the same server process.
import { join } from 'node:path';
import { JSON_ACCEPT, LONG_ACCEPT } from './cases.mjs';
import { SERVERS } from './servers.mjs';

export const ROUTE_COUNTS = [10, 100, 1000];
export const CATALOG_SIZES = [10, 1000];
export const FIELD_COUNTS = [1, 10, 100];

/** An Accept of exactly `bytes` bytes whose only JSON type is at its end, as LONG_ACCEPT. */
function acceptOfSize(bytes) {
  const tail = 'application/json';
  const item = 'text/x-filler;level=1;q=0.5, ';
  const items = Array.from({ length: Math.floor((bytes - tail.length) / item.length) }, () => item);
  const missing = bytes - tail.length - items.length * item.length;
  if (missing > 0) items[0] = items[0].replace('x-filler', `x-filler${'x'.repeat(missing)}`);
  return { accept: `${items.join('')}${tail}` };
}

// "16 KB" is LONG_ACCEPT of the main table (15.6 KB): a full 16 KB does not fit Node's header limit.
export const ACCEPTS = [
  { label: '50 B', headers: acceptOfSize(50) },
  { label: '1 KB', headers: acceptOfSize(1024) },
  { label: '16 KB', headers: LONG_ACCEPT },
];

// The apps each server process hosts, one per port. The contract's also hosts the 1,000-code
// catalog (its app 0 has the 10-code one), so both catalog points come from the same process.
const APPS = ROUTE_COUNTS.map((routes) => ({ routes, catalog: CATALOG_SIZES[0] }));
const appsOf = (variant) => (variant === 'contract' ? [...APPS, { routes: ROUTE_COUNTS[0], catalog: CATALOG_SIZES[1] }] : APPS);
const CATALOG_PORT = { [CATALOG_SIZES[0]]: 0, [CATALOG_SIZES[1]]: APPS.length };

// Where the 405 goes: near the end of the route list, where a route scan is slowest.
const wrongMethodPath = (routes) => `/r${routes - 2}/widgets/7`;

/**
 * Each curve: which variants it measures, and per point the request, the app (port) and the
 * status each variant must answer. `reference` is the variant the contract is compared with.
 */
export const CURVES = [
  {
    key: 'routes-404',
    short: '404, unknown path',
    title: 'unknown path (404) by route count',
    axis: 'routes',
    variants: ['bare', 'minimal', 'contract'],
    reference: 'bare',
    points: ROUTE_COUNTS.map((routes, port) => ({ x: routes, label: String(routes), port, request: { method: 'GET', path: '/nothing/here', headers: JSON_ACCEPT }, expect: () => 404 })),
  },
  {
    key: 'routes-405',
    short: '405, wrong method',
    title: 'wrong method (405) by route count',
    axis: 'routes',
    variants: ['bare', 'minimal', 'contract'],
    // bare, though Express's, Hono's, Fastify's and Nest's answer 404 here: its router does the same
    // walk, which is the growth the contract is judged net of; the hand-written 405 is shown beside it.
    reference: 'bare',
    points: ROUTE_COUNTS.map((routes, port) => ({
      x: routes,
      label: String(routes),
      port,
      request: { method: 'PUT', path: wrongMethodPath(routes), headers: JSON_ACCEPT },
      // Only Koa (router.allowedMethods()) has a 405 of its own: Express's, Hono's, Fastify's and
      // Nest's defaults (on either platform) answer a wrong method 404.
      expect: (framework, variant) => (variant === 'bare' && framework !== 'koa' ? 404 : 405),
    })),
  },
  {
    key: 'accept',
    short: '200, happy GET',
    title: 'happy GET (200) by Accept length',
    axis: 'Accept',
    variants: ['bare', 'contract'],
    reference: 'bare',
    points: ACCEPTS.map(({ label, headers }) => ({ x: headers.accept.length, label, port: 0, request: { method: 'GET', path: '/widgets', headers }, expect: () => 200 })),
  },
  {
    key: 'validation',
    short: '400, validation failure',
    title: 'validation failure (400) by field errors',
    axis: 'fields',
    variants: ['minimal', 'contract'],
    reference: 'minimal',
    points: FIELD_COUNTS.map((fields) => ({ x: fields, label: String(fields), port: 0, request: { method: 'POST', path: `/validate/${fields}`, headers: JSON_ACCEPT }, expect: () => 400 })),
  },
  {
    key: 'catalog',
    short: '409, catalog error',
    title: 'thrown catalog error (409) by catalog size',
    axis: 'codes',
    variants: ['contract'],
    reference: null,
    points: CATALOG_SIZES.map((codes) => ({ x: codes, label: String(codes), port: CATALOG_PORT[codes], request: { method: 'GET', path: '/catalog', headers: JSON_ACCEPT }, expect: () => 409 })),
  },
];

export const slotId = (framework, curve, variant, point) => `${framework} ${curve.key} ${variant} ${point.label}`;

/** The servers and groups of one framework for runRounds(): a group per curve and variant. */
export function scalePlan(framework) {
  const variants = [...new Set(CURVES.flatMap((curve) => curve.variants))];
  const servers = variants.map((variant) => ({ key: `${framework}/scale/${variant}`, script: join(SERVERS, 'scale', `${framework}.mjs`), args: [variant, JSON.stringify(appsOf(variant))] }));
  const groups = CURVES.flatMap((curve) =>
    curve.variants.map((variant) => ({
      slots: curve.points.map((point) => ({
        id: slotId(framework, curve, variant, point),
        server: `${framework}/scale/${variant}`,
        port: point.port,
        request: point.request,
        expect: point.expect(framework, variant),
      })),
    })),
  );
  return { servers, groups };
}
