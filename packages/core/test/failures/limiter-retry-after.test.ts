// limiterRetryAfter: what a rate limiter said about when to come back, read one way for all.
import { describe, expect, it } from 'vitest';
import { limiterRetryAfter } from '../../src/adapter.js';

describe('limiterRetryAfter(header, resetTime)', () => {
  it.each([
    ['42', undefined, 42],
    [42, undefined, 42],
    [' 7 ', undefined, 7],
    ['0', undefined, 0],
  ])('the header %j: its seconds', (header, resetTime, expected) => {
    expect(limiterRetryAfter(header, resetTime)).toBe(expected);
  });

  it('the header wins over the reset time', () => {
    expect(limiterRetryAfter('5', new Date(Date.now() + 60_000))).toBe(5);
  });

  it.each([undefined, '', '  ', 'soon', '-1', Number.NaN, ['5']])('no usable header (%j): the reset time', (header) => {
    const seconds = limiterRetryAfter(header, new Date(Date.now() + 30_000))!;
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it('neither, or a reset time that is no Date: undefined', () => {
    expect(limiterRetryAfter(undefined)).toBeUndefined();
    expect(limiterRetryAfter('', 1_700_000_000_000)).toBeUndefined();
    expect(limiterRetryAfter('', new Date(Number.NaN))).toBeUndefined();
  });
});
