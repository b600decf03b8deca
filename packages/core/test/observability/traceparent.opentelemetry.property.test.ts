// The hand-written `traceparent` reader (traceIdOfTraceparent in packages/http-status, bundled into
// core and the client) takes the trace id from exactly the headers OpenTelemetry's own W3C
// propagator (`parseTraceParent` of @opentelemetry/core) accepts, so the id a body quotes is the id
// the tracing backend continued. Headers are generated around the W3C Trace Context grammar (section
// 3.2): versions, all-zero ids, hex case, lengths, extra fields. The one difference by design, the
// whitespace OpenTelemetry allows at the ends, is named below.
import { parseTraceParent } from '@opentelemetry/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceparentTraceId } from '../../src/observability/trace-id.js';

const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));
/** A field as the spec has it, or one that breaks it: all zeros, upper case, one digit short or long. */
const field = (length: number) =>
  fc.oneof(
    { weight: 6, arbitrary: hex(length) },
    { weight: 1, arbitrary: fc.constant('0'.repeat(length)) },
    { weight: 1, arbitrary: hex(length).map((text) => text.toUpperCase()) },
    { weight: 1, arbitrary: hex(length - 1) },
    { weight: 1, arbitrary: hex(length + 1) },
  );

const version = fc.oneof({ weight: 4, arbitrary: fc.constant('00') }, { weight: 2, arbitrary: hex(2) }, { weight: 1, arbitrary: fc.constantFrom('ff', 'FF', '0') });
// what may follow the flags: nothing, future fields, or garbage
const tail = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 2, arbitrary: hex(8).map((text) => `-${text}`) }, { weight: 1, arbitrary: fc.constantFrom('-', 'x', '-what-ever', '.01') });

const header = fc.tuple(version, field(32), field(16), field(2), tail).map(([v, trace, parent, flags, rest]) => `${v}-${trace}-${parent}-${flags}${rest}`);

const ours = (traceparent: string) => traceparentTraceId({ method: 'GET', path: '/', headers: { traceparent } });

describe('the traceparent reader agrees with OpenTelemetry', () => {
  it('on every generated header (3,000 runs): the same trace id, or none from both', () => {
    fc.assert(
      fc.property(header, (text) => {
        expect(ours(text), text).toBe(parseTraceParent(text)?.traceId);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', '4bf92f3577b34da6a3ce929d0e0e4736'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', undefined], // all-zero parent id
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future', undefined], // version 00 has four fields
    ['cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future', '4bf92f3577b34da6a3ce929d0e0e4736'],
    ['ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', undefined],
  ])('%s: both read %s', (text, expected) => {
    expect(parseTraceParent(text)?.traceId).toBe(expected);
    expect(ours(text)).toBe(expected);
  });

  it('differs by design on whitespace at the ends: HTTP parsers strip it from a field value before we see it', () => {
    const padded = ' 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 ';
    expect(parseTraceParent(padded)?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(ours(padded)).toBeUndefined();
  });
});
