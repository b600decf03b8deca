// Outside the scope, Nest's own answer is written as platform-express's `reply` writes it.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerAsNest } from '../src/nest-default.js';

function appAnswering(exception: unknown, presetType?: string) {
  const app = express();
  app.get('/', (_req, res) => {
    if (presetType !== undefined) res.type(presetType);
    answerAsNest(exception, res, undefined);
  });
  return app;
}

const httpException = (status: number, response: unknown) => ({ getStatus: () => status, getResponse: () => response, message: 'x', name: 'HttpException' });

describe('answerAsNest on Express', () => {
  it("an http-errors error keeps its status and exposed message; a download's Content-Type is replaced", async () => {
    const error = Object.assign(new Error('Range Not Satisfiable'), { status: 416, statusCode: 416, expose: true });
    const res = await request(appAnswering(error, 'application/octet-stream')).get('/');
    expect(res.status).toBe(416);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ statusCode: 416, message: 'Range Not Satisfiable' });
    expect(res.headers.etag).toBeDefined();
  });

  it("an HttpException's own object without statusCode leaves a Content-Type the route set, as Nest does", async () => {
    const res = await request(appAnswering(httpException(409, { reason: 'taken' }), 'text/plain')).get('/');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('{"reason":"taken"}');
  });

  it('anything else: 500 with Nest\'s sentence, nothing of the error', async () => {
    const res = await request(appAnswering(new Error('db-7 password=hunter2'))).get('/');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ statusCode: 500, message: 'Internal server error' });
  });
});
