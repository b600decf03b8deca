// Hostile requests over raw TCP against the reference services, in-process (Next's and Nitro's in a process of their own). Each answer is
// checked for its status, for being in the contract, for leaking nothing, and the service must
// still answer a normal request afterwards.
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { startService as startNext } from '@error-contract/example-next/server';
import { startService as startNitro } from '@error-contract/example-nitro/server';
import type { RunningServer } from '@error-contract/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, head } from '../src/cases.js';
import { NEXT_ANSWERS } from '../src/next.js';
import { NITRO_ANSWERS } from '../src/nitro.js';
import { exchange, type RawAnswer } from '../src/raw-http.js';

const SERVICES = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
  ['nest-express', startNestExpress],
  ['nest-fastify', startNestFastify],
  ['next', startNext],
  ['h3', startH3],
  ['nitro', startNitro],
] as const;

// What must never reach a client: the bug's secret, stack frames, file paths, internal error names.
const LEAKS = [/password=hunter2/, /\n\s+at /, /\/work\//, /node_modules/, /\.[tj]s:\d+/, /SyntaxError/, /TypeError/, /ECONNRESET/];

function expectInContract(answer: RawAnswer, status: number, code: string | undefined): void {
  expect(answer.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
  const body = JSON.parse(answer.body.toString('utf8')) as { status?: number; code?: string; type?: string; errors?: Array<{ code: string }> };
  if (body.status !== undefined) {
    expect(body.status).toBe(status);
    expect(body.type).toMatch(/^https:\/\/docs\.example\.com\/errors\//);
    if (code !== undefined) expect(body.code).toBe(code);
  } else if (code !== undefined) expect(body.errors?.[0]?.code).toBe(code);
}

// What a service answers itself before the contract can, by framework (src/next.ts, src/nitro.ts).
const OWN_ANSWERS: Readonly<Record<string, Readonly<Record<string, { status: number; why: string }>>>> = { next: NEXT_ANSWERS, nitro: NITRO_ANSWERS };

// Every answer, by case and framework, for the one-body comparison at the end.
const ANSWERS = new Map<string, Map<string, RawAnswer>>();

describe.each(SERVICES)('%s', (framework, start) => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    server = await start({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000, rateWindowS: 60, log: () => {} });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it.each(CASES.map((kase) => [kase.name, kase] as const))('%s', async (_caseName, kase) => {
    const answer = await exchange(port, kase.pieces, kase.plan);
    if (!ANSWERS.has(kase.name)) ANSWERS.set(kase.name, new Map());
    ANSWERS.get(kase.name)!.set(framework, answer);
    const nextOwn = OWN_ANSWERS[framework]?.[kase.name];
    if (nextOwn !== undefined) {
      // answered by Next (or Node under it) before the contract can: exactly that (src/next.ts)
      expect(answer.status, nextOwn.why).toBe(nextOwn.status);
      for (const leak of LEAKS) expect(answer.raw).not.toMatch(leak);
    } else if (kase.status !== 'aborted') {
      expect(answer.status).toBe(kase.status);
      for (const leak of LEAKS) expect(answer.raw).not.toMatch(leak);
      if (kase.status >= 400 && answer.body.length > 0) expectInContract(answer, kase.status, kase.code);
      if (kase.status >= 400 && answer.body.length === 0) expect(answer.raw.startsWith('HTTP/1.1 ') && /^HEAD /.test(String(kase.pieces[0]))).toBe(true);
    }
    // Whatever came before, the service still answers.
    const health = await exchange(port, [head()]);
    expect(health.status).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('one failure, one body: the four services answer each hostile request alike', () => {
  const failures = CASES.filter((kase) => kase.status !== 'aborted' && kase.status >= 400);
  it.each(failures.filter((kase) => kase.bodiesDiffer === undefined).map((kase) => [kase.name] as const))('%s', (name) => {
    const answers = ANSWERS.get(name);
    expect(answers?.size).toBe(SERVICES.length);
    // the Next and Nitro services' own answers before the contract (src/next.ts, src/nitro.ts) are held to those tables instead
    const services = SERVICES.filter(([framework]) => OWN_ANSWERS[framework]?.[name] === undefined);
    const all = services.map(([framework]) => {
      const answer = answers!.get(framework)!;
      return { status: answer.status, type: answer.headers['content-type'], body: answer.body.toString('utf8') };
    });
    const [express, koa, hono, fastify] = all;
    expect(koa, 'koa vs express').toEqual(express);
    expect(hono, 'hono vs express').toEqual(express);
    expect(fastify, 'fastify vs express').toEqual(express);
    for (const [index, [framework]] of services.entries()) if (index > 3) expect(all[index], `${framework} vs express`).toEqual(express);
  });
});

describe('known differences in wording: the status is still the same', () => {
  it.each(CASES.filter((kase) => kase.bodiesDiffer !== undefined).map((kase) => [kase.name, kase.bodiesDiffer] as const))('%s (%s)', (name) => {
    const statuses = [...(ANSWERS.get(name)?.values() ?? [])].map((answer) => answer.status);
    expect(statuses).toHaveLength(SERVICES.length);
    expect(new Set(statuses).size).toBe(1);
  });
});
