// Do no harm: every fixture app is started three times (no contract, contract on /api, contract on
// the whole app) and asked the same table of requests over node:http. What the app answers itself
// must not change by a byte; what it fails must be left alone outside the scope and be in the
// contract inside it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodedBody, differences, header, type RawResponse, send } from '../src/compare.js';
import { SECRET, TYPE_BASE_URL } from '../src/fixtures/shared.js';
import { type Case, CASES, type ExpectedFailure } from '../src/requests.js';
import { type Running, VARIANTS } from '../src/servers.js';

// The fixtures throw on purpose; the frameworks and the contract log each 500 to stderr.
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
});

/** True when the body is one of the contract's: the fixtures' type links are their own. */
function isContractBody(res: RawResponse): boolean {
  return res.body.length > 0 && decodedBody(res).includes(`"type":"${TYPE_BASE_URL}`);
}

function failureOn(kase: Case, framework: string): ExpectedFailure | undefined {
  return kase.failsOn?.[framework as keyof NonNullable<Case['failsOn']>] ?? kase.failure;
}

function inApiScope(kase: Case): boolean {
  return kase.request.path === '/api' || kase.request.path.startsWith('/api/');
}

function expectInContract(res: RawResponse, failure: ExpectedFailure, method: string): void {
  expect(res.status).toBe(failure.status);
  expect(header(res, 'content-type')).toMatch(/^application\/(problem\+)?json/);
  for (const name of failure.keeps ?? []) expect(header(res, name), `keeps ${name}`).toBeDefined();
  if (method === 'HEAD') {
    expect(res.body.length).toBe(0);
    return;
  }
  const text = decodedBody(res);
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/\n\s+at /);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body.status).toBe(failure.status);
  expect(body.code).toBe(failure.code);
  expect(body.type).toBe(`${TYPE_BASE_URL}${failure.code}`);
}

describe.each(VARIANTS)('$name', (variant) => {
  const servers: Record<'none' | 'scoped' | 'app-wide', Running | undefined> = { none: undefined, scoped: undefined, 'app-wide': undefined };

  beforeAll(async () => {
    servers.none = await variant.start('none');
    servers.scoped = await variant.start('scoped');
    servers['app-wide'] = await variant.start('app-wide');
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server?.close()));
  });

  const answer = (mode: keyof typeof servers, kase: Case) => send(servers[mode]!.port, kase.request);

  describe.each(CASES)('$name', (kase) => {
    const failure = failureOn(kase, variant.framework);

    if (failure === undefined) {
      it('is answered the same with the contract on /api and on the whole app', async () => {
        const [before, scoped, appWide] = await Promise.all([answer('none', kase), answer('scoped', kase), answer('app-wide', kase)]);
        expect(before.status).toBeLessThan(kase.request.path.includes('invalid') ? 500 : 400);
        expect(differences(before, scoped), 'scoped').toEqual([]);
        expect(differences(before, appWide), 'app-wide').toEqual([]);
      });
      return;
    }

    it('fails without the contract, as the app did before', async () => {
      const before = await answer('none', kase);
      expect(before.status).toBeGreaterThanOrEqual(400);
      expect(isContractBody(before)).toBe(false);
    });

    if (inApiScope(kase)) {
      it('is in the contract with the contract on /api', async () => {
        expectInContract(await answer('scoped', kase), failure, kase.request.method);
      });
    } else {
      it('is left as it was with the contract on /api', async () => {
        const [before, scoped] = await Promise.all([answer('none', kase), answer('scoped', kase)]);
        expect(differences(before, scoped)).toEqual([]);
      });
    }

    const handedOn = kase.handedOn?.[variant.framework];
    if (handedOn !== undefined) {
      it("is the framework's own answer with the contract on the whole app", async () => {
        const res = await answer('app-wide', kase);
        expect(res.status).toBe(handedOn.status);
        for (const name of handedOn.keeps) expect(header(res, name), `keeps ${name}`).toBeDefined();
        expect(isContractBody(res)).toBe(false);
      });
      return;
    }

    it('is in the contract with the contract on the whole app', async () => {
      expectInContract(await answer('app-wide', kase), failure, kase.request.method);
    });
  });
});
