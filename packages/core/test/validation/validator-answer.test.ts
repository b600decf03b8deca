// The 400 bodies Hono's validator middleware writes when given no hook, read back into issues so
// that an adapter can answer them in the contract; any other body is not one.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createErrorContract } from '../../src/index.js';
import { validatorFailureOf } from '../../src/validation/validator-answer.js';

const schema = z.object({ name: z.string().min(1), price: z.number().optional() });
const zodError = schema.safeParse({ name: '', price: 'x' }).error!;

describe('validatorFailureOf', () => {
  it("reads @hono/zod-validator's body: zod's issues as the JSON of its message", () => {
    const body = JSON.parse(JSON.stringify({ success: false, error: zodError }));
    const failure = validatorFailureOf(body);
    expect(failure?.issues.map((issue) => (issue as { path: unknown[] }).path)).toEqual([['name'], ['price']]);
  });

  it("reads @hono/standard-validator's body and drops the client's data", () => {
    const failure = validatorFailureOf({ data: { name: 'secret' }, error: zodError.issues, success: false });
    expect(failure).toEqual({ issues: JSON.parse(JSON.stringify(zodError.issues)) });
    expect(JSON.stringify(failure)).not.toContain('secret');
  });

  it('reads the safeParse shape (valibot and others): { success: false, issues }', () => {
    const issues = [{ message: 'Invalid type', path: [{ key: 'name' }] }];
    expect(validatorFailureOf({ typed: false, success: false, output: {}, issues })).toEqual({ issues });
  });

  it.each([
    ['success true', { success: true, error: zodError.issues }],
    ['no success member', { error: zodError.issues }],
    ['an app’s own message', { success: false, message: 'try again' }],
    ['issues without paths', { success: false, error: [{ code: 'x', message: 'y' }] }],
    ['an empty list', { success: false, error: [] }],
    ['a zod message that is not JSON', { success: false, error: { name: 'ZodError', message: 'nope' } }],
    ['a zod message that is JSON but no list', { success: false, error: { name: 'ZodError', message: '{}' } }],
    ['another error name', { success: false, error: { name: 'TypeError', message: '[]' } }],
    ['null', null],
    ['a string', 'success: false'],
  ])('%s is not a validator answer', (_name, body) => {
    expect(validatorFailureOf(body)).toBeUndefined();
  });

  it('a hostile body (throwing getters) is not one, and does not throw', () => {
    const body = Object.defineProperty({ success: false }, 'error', {
      get() {
        throw new Error('boom');
      },
    });
    expect(validatorFailureOf(body)).toBeUndefined();
  });

  it('the contract answers what it reads as 400 validation_failed with one problem per field', () => {
    const contract = createErrorContract();
    const failure = validatorFailureOf({ success: false, error: zodError.issues })!;
    const response = contract.respond(failure, { method: 'POST', path: '/widgets', headers: {} });
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body!);
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((entry: { field: string }) => entry.field)).toEqual(['name', 'price']);
  });
});
