// Validator errors are graphs a client can shape (a crafted body makes a validator report what it
// likes). Reading them is linear in what is read and bounded: 100 problems, 32 levels, and a shared
// budget of nodes, with the cut stated in the detail.
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../src/adapter.js';
import { answer } from '../helpers.js';

/** A class-validator error whose two children are the same node, `depth` times over: 2^depth paths. */
function sharedChildren(depth: number, reads: { count: number }, constraintsOnEveryLevel = false) {
  let node: object = { property: 'leaf', constraints: { isString: 'leaf must be a string' } };
  for (let level = 0; level < depth; level++) {
    const child = node;
    node = {
      property: `p${level}`,
      ...(constraintsOnEveryLevel ? { constraints: { isObject: `p${level} must be an object` } } : {}),
      get children() {
        reads.count++;
        return [child, child];
      },
    };
  }
  return { errors: [node] };
}

describe('bounds on field errors', () => {
  it('children that share sub-objects are read a bounded number of times (was exponential: 2^25 paths)', () => {
    const reads = { count: 0 };
    const { status, body } = answer(sharedChildren(25, reads));
    expect(reads.count).toBeLessThanOrEqual(1000);
    expect(status).toBe(400);
    expect(body?.errors.length).toBeLessThanOrEqual(100);
  });

  it('nesting deeper than 32 levels is cut, and the detail says the list is cut', () => {
    const { body } = answer(sharedChildren(40, { count: 0 }, true));
    expect(body?.detail).toMatch(/more invalid fields than the \d+ listed \(at most 100 are listed, 32 levels deep\)/);
  });

  it('150 issues: 100 are listed, and the detail says so', () => {
    const issues = Array.from({ length: 150 }, (_, index) => ({ message: 'Required', path: [`f${index}`] }));
    const { body } = answer({ issues });
    expect(body?.errors).toHaveLength(100);
    expect(body?.detail).toBe('The request has more invalid fields than the 100 listed (at most 100 are listed, 32 levels deep).');
  });

  it('exactly 100 issues are all listed, with the plain count', () => {
    const issues = Array.from({ length: 100 }, (_, index) => ({ message: 'Required', path: [`f${index}`] }));
    expect(answer({ issues }).body?.detail).toBe('The request has 100 invalid fields.');
  });

  it('a path of 10,000 segments is read to 32 of them', () => {
    const path = Array.from({ length: 10_000 }, () => 'a');
    const [entry] = fieldErrorsOf({ issues: [{ message: 'bad', path }] })!;
    expect(entry!.field.split('.').length).toBeLessThanOrEqual(32);
  });

  it('unknown keys of a strict object count against the same 100', () => {
    const keys = Array.from({ length: 500 }, (_, index) => `k${index}`);
    expect(fieldErrorsOf({ issues: [{ code: 'unrecognized_keys', keys, path: [], message: 'x' }] })).toHaveLength(100);
  });
});
