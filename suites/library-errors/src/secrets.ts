// Values planted in every failing request: each one must be absent from every answer.
import { createErrorContract, type ErrorContract, type ErrorMapper } from '@error-contract/core';
import { expect } from 'vitest';

export const SECRET_EMAIL = 'secret-7f3a@leak.example';
export const SECRET_NAME = 'Hunter2-Secret-Name';
export const SECRET_VALUE = 'planted-value-9b1c';
export const SECRET_TOKEN_CLAIM = 'planted-claim-4d2e';
export const SECRETS = [SECRET_EMAIL, SECRET_NAME, SECRET_VALUE, SECRET_TOKEN_CLAIM, 'password=hunter2'];

const REQUEST = { method: 'POST', path: '/api/widgets', headers: { accept: 'application/json' } };

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, any>;
  /** The body as sent, and the docs page of its code as served: both checked for secrets. */
  text: string;
}

/** A contract with these mappers, with its log line kept out of the test output. */
export function contractWith(...map: ErrorMapper[]): ErrorContract {
  return createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', map, logger: false });
}

/** What the contract answers for `error`, checked to carry no planted secret, no SQL and no library message. */
export function answer(contract: ErrorContract, error: unknown, extraSecrets: readonly string[] = []): Answer {
  const response = contract.respond(error, REQUEST);
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  const whole = `${text}\n${JSON.stringify(response.headers)}`;
  for (const secret of [...SECRETS, ...extraSecrets]) expect(whole).not.toContain(secret);
  // no SQL keyword and no library message quoted
  expect(whole).not.toMatch(/\b(insert into|select \*|delete from|violates|duplicate key|Key \()/i);
  const message = (error as { message?: unknown })?.message;
  if (typeof message === 'string' && message.length > 12) expect(whole).not.toContain(message);
  return { status: response.status, headers: response.headers as Record<string, string>, body: JSON.parse(text), text };
}

/** Runs `action`, which must reject, and gives back what it rejected with. */
export async function caught(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to fail');
}
