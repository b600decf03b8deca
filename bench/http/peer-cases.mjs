// The peers section: what users pick instead of the contract, on the same routes and cases as
// the main table (servers/peers/*.mjs; the contract row is servers/<framework>.mjs contract).
// A peer is measured only on the cases it answers itself; for the others the report shows what
// it answers instead (one probe request per case, see run-peers.mjs).
import { join } from 'node:path';
import { JSON_ACCEPT } from './cases.mjs';
import { SERVERS } from './servers.mjs';

export const PEER_CASES = [
  { key: '404', name: 'unknown path (404)', request: { method: 'GET', path: '/nothing/here', headers: JSON_ACCEPT } },
  { key: '405', name: 'wrong method (405)', request: { method: 'PUT', path: '/widgets', headers: JSON_ACCEPT } },
  { key: '406', name: 'missing Accept (406)', request: { method: 'GET', path: '/widgets', headers: {} } },
  { key: '500', name: 'thrown Error (500)', request: { method: 'GET', path: '/fail', headers: JSON_ACCEPT } },
  { key: '400', name: 'thrown 400', request: { method: 'GET', path: '/bad', headers: JSON_ACCEPT } },
];

const contract = (framework, thrown400) => ({
  key: 'contract',
  label: `@error-contract/${framework}`,
  thrown400,
  script: join(SERVERS, `${framework}.mjs`),
  args: ['contract'],
  supports: ['404', '405', '406', '500', '400'],
});
const peer = (file, label, thrown400, supports) => ({ key: file, label, thrown400, script: join(SERVERS, 'peers', `${file}.mjs`), args: [], supports });

// Nest's peers are the main servers' other variants: Nest's default filter (bare) and a hand-written @Catch() filter (minimal).
function nestPeers(platform) {
  const script = join(SERVERS, `nest-${platform}.mjs`);
  return [
    contract(`nest-${platform}`, 'BadRequestException'),
    { key: 'nest-default', label: "Nest's default exception filter", thrown400: 'BadRequestException', script, args: ['bare'], supports: ['404', '500', '400'] },
    { key: 'nest-catch-all', label: 'hand-written @Catch() filter', thrown400: 'BadRequestException', script, args: ['minimal'], supports: ['404', '405', '406', '500', '400'] },
  ];
}

export const PEERS = {
  express: [
    contract('express', 'http-errors'),
    peer('express-problem-details', 'express-http-problem-details', 'http-errors', ['404', '500', '400']),
    peer('express-boom', '@hapi/boom + handler', 'Boom.badRequest', ['404', '500', '400']),
  ],
  koa: [
    contract('koa', 'http-errors'),
    peer('koa-http-errors', 'Koa default (http-errors, allowedMethods)', 'ctx.throw', ['404', '405', '500', '400']),
    peer('koa-boom', '@hapi/boom + middleware', 'Boom.badRequest', ['404', '405', '500', '400']),
  ],
  hono: [
    contract('hono', 'HTTPException'),
    peer('hono-http-exception', 'HTTPException + onError', 'HTTPException', ['404', '500', '400']),
    peer('hono-boom', '@hapi/boom + onError', 'Boom.badRequest', ['404', '500', '400']),
  ],
  fastify: [
    contract('fastify', '@fastify/sensible httpErrors'),
    peer('fastify-default', 'Fastify default handlers + @fastify/sensible', 'httpErrors.badRequest', ['404', '500', '400']),
  ],
  'nest-express': nestPeers('express'),
  'nest-fastify': nestPeers('fastify'),
  // h3's own error handling is its main server's bare variant
  h3: [
    contract('h3', 'createError'),
    { key: 'h3-default', label: "h3's own error handling", thrown400: 'createError', script: join(SERVERS, 'h3.mjs'), args: ['bare'], supports: ['404', '500', '400'] },
  ],
  // Elysia's own error handling (text NOT_FOUND, the thrown message as text) is its main server's bare variant
  // Nitro's own error handling is its main server's bare variant (its default error handler)
  nitro: [
    contract('nitro', 'HTTPError'),
    { key: 'nitro-default', label: "Nitro's own error handling", thrown400: 'HTTPError', script: join(SERVERS, 'nitro.mjs'), args: ['bare'], supports: ['404', '500', '400'] },
  ],
  elysia: [
    contract('elysia', 'status(400)'),
    { key: 'elysia-default', label: "Elysia's own error handling", thrown400: 'status(400)', script: join(SERVERS, 'elysia.mjs'), args: ['bare'], supports: ['404', '500', '400'] },
  ],
};

// Looked for on the registry and not found when this section was written; the report says so.
export const PEERS_NOT_FOUND = {
  hono: ['hono-problem-details (not on the npm registry)'],
  fastify: ['a problem-details plugin for Fastify: fastify-problem-details, @fastify/problem-details, fastify-rfc7807, fastify-rfc9457, fastify-problem and fastify-http-problem-details are not on the npm registry (looked up 2026-11-25); the nearest error-handling plugin, fastify-http-errors-enhanced, needs Node 22.21 in its only Fastify 5 release (7.0.1) and Fastify 4 before it'],
};

export const peerSlotId = (framework, peerKey, caseKey) => `${framework} peers ${peerKey} ${caseKey}`;

/** The servers and groups of one framework for runRounds(): a group per case, its peers side by side. */
export function peerPlan(framework) {
  const peers = PEERS[framework];
  const servers = peers.map(({ key, script, args }) => ({ key: `${framework}/peers/${key}`, script, args }));
  const groups = PEER_CASES.map((kase) => ({
    slots: peers
      .filter((each) => each.supports.includes(kase.key))
      .map((each) => ({ id: peerSlotId(framework, each.key, kase.key), server: `${framework}/peers/${each.key}`, request: kase.request, expect: Number(kase.key) })),
  }));
  return { servers, groups };
}
