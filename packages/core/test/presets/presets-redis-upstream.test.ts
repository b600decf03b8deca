// redisErrors() and upstreamErrors() by the shapes of their libraries' errors, one row per rule,
// each built as the library's source builds it (suites/library-errors makes the real ones against a
// real redis-server and real HTTP servers). Every answer is checked to carry none of the planted values.
import { describe, expect, it } from 'vitest';
import { createErrorContract, type ErrorMapper } from '../../src/index.js';
import { postgresErrors, redisErrors, upstreamErrors } from '../../src/presets/index.js';
import { request } from '../helpers.js';

const SECRET = 'planted-5ecret';

/** An Error of a class with this name and these members, as the library builds it. */
function named(name: string, members: Record<string, unknown> = {}, parent: new (message?: string) => Error = Error, message = `${SECRET} message`): Error {
  const Class = { [name]: class extends parent {} }[name]!;
  return Object.assign(new Class(message), members);
}

/** A Node socket error as `net` makes it. */
function socketError(code: string, members: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:1 ${SECRET}`), { code, errno: -111, syscall: 'connect', ...members });
}

function answer(map: ErrorMapper[], error: unknown) {
  const response = createErrorContract({ map, logger: false }).respond(error, request());
  const text = `${response.body}${JSON.stringify(response.headers)}`;
  expect(text).not.toContain(SECRET);
  return { status: response.status, headers: response.headers, body: JSON.parse(response.body as string) as Record<string, any> };
}

// ioredis's ReplyError (redis-errors): name on the prototype; node-redis's ErrorReply: name 'Error'
const ReplyErrorBase = { ReplyError: class extends Error {} }.ReplyError;
Object.defineProperty(ReplyErrorBase.prototype, 'name', { value: 'ReplyError' });
const ErrorReply = { ErrorReply: class extends Error {} }.ErrorReply;
const SimpleError = { SimpleError: class extends ErrorReply {} }.SimpleError;

describe('redisErrors()', () => {
  const preset = redisErrors({ retryAfter: 3 });
  it.each([
    ['ioredis MaxRetriesPerRequestError', named('MaxRetriesPerRequestError')],
    ['ioredis ClusterAllFailedError', named('ClusterAllFailedError', { lastNodeError: new Error(SECRET) })],
    ['ioredis "Connection is closed."', new Error('Connection is closed.')],
    ['ioredis offline queue disabled', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis cluster: no startup node', new Error('None of startup nodes is available')],
    ['node-redis ClientClosedError', named('ClientClosedError')],
    ['node-redis ClientOfflineError', named('ClientOfflineError')],
    ['node-redis SocketClosedUnexpectedlyError', named('SocketClosedUnexpectedlyError')],
    ['node-redis ConnectionTimeoutError', named('ConnectionTimeoutError')],
    ['node-redis ReconnectStrategyError', named('ReconnectStrategyError', { socketError: socketError('ECONNREFUSED') })],
    ['ReplyError LOADING', new ReplyErrorBase(`LOADING Redis is loading the dataset in memory ${SECRET}`)],
    ['ReplyError BUSY', new ReplyErrorBase(`BUSY Redis is busy running a script. ${SECRET}`)],
    ['ReplyError CLUSTERDOWN', new ReplyErrorBase('CLUSTERDOWN The cluster is down')],
    ['ReplyError MASTERDOWN', new ReplyErrorBase('MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to no')],
    ['ReplyError TRYAGAIN', new ReplyErrorBase('TRYAGAIN Multiple keys request during rehashing of slot')],
    ['node-redis SimpleError LOADING', new SimpleError('LOADING Redis is loading the dataset in memory')],
    ['node-redis ErrorReply BUSY', new ErrorReply('BUSY Redis is busy running a script.')],
    ['wrapped in a cause', new Error(`cache read ${SECRET}`, { cause: named('SocketClosedUnexpectedlyError') })],
  ])('%s: 503 with Retry-After', (_name, error) => {
    const { status, headers, body } = answer([preset], error);
    expect(status).toBe(503);
    expect(body.code).toBe('service_unavailable');
    expect(headers['retry-after']).toBe('3');
  });

  it.each([
    ['WRONGTYPE, an app mistake', new ReplyErrorBase('WRONGTYPE Operation against a key holding the wrong kind of value')],
    ['NOSCRIPT', new SimpleError('NOSCRIPT No matching script.')],
    ['a LOADING message on an Error that is no reply', new Error('LOADING something')],
    ['"Connection is closed." on a class that is not a plain Error', named('QueryError', {}, Error, 'Connection is closed.')],
    ['a refused connection, when no servers were named', socketError('ECONNREFUSED', { address: '127.0.0.1', port: 6379 })],
    ['null', null],
  ])('%s: left alone (500)', (_name, error) => {
    expect(answer([preset], error).status).toBe(500);
  });

  it('a refused connection is Redis\'s only when it went to one of `servers` (default port 6379)', () => {
    const named = redisErrors({ servers: 'redis://127.0.0.1' });
    expect(answer([named], socketError('ECONNREFUSED', { address: '127.0.0.1', port: 6379 })).status).toBe(503);
    expect(answer([named], socketError('ECONNREFUSED', { address: '127.0.0.1', port: 8080 })).status).toBe(500);
    const list = redisErrors({ servers: ['cache-a:7000', { host: 'localhost', port: 7001 }] });
    expect(answer([list], new AggregateError([socketError('ECONNREFUSED', { address: '::1', port: 7001 })])).status).toBe(503);
    expect(answer([list], socketError('ENOTFOUND', { hostname: 'cache-a' })).status).toBe(503);
  });

  it('bad options are a TypeError at creation', () => {
    expect(() => redisErrors({ retryAfter: -1 })).toThrow(TypeError);
    expect(() => redisErrors({ servers: { host: 'x', port: Number.NaN } })).toThrow(TypeError);
  });
});

// undici's errors carry `code`; fetch wraps them in TypeError('fetch failed', { cause })
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
const undici = (name: string, code: string) => named(name, { name, code });
const timeoutReason = () => new DOMException(`The operation was aborted due to timeout ${SECRET}`, 'TimeoutError');
const plantedResponse = () => ({ status: 500, statusText: SECRET, headers: { 'x-secret': SECRET }, data: { secret: SECRET } });
const axiosError = (code: string | undefined, members: Record<string, unknown> = {}) =>
  named('AxiosError', { name: 'AxiosError', isAxiosError: true, code, config: { url: `http://inventory/${SECRET}` }, ...members });

describe('upstreamErrors()', () => {
  const preset = upstreamErrors();
  it.each([
    ['fetch: refused', fetchFailed(socketError('ECONNREFUSED', { address: '127.0.0.1', port: 9 })), 502],
    ['fetch: refused on every address (AggregateError)', fetchFailed(Object.assign(new AggregateError([socketError('ECONNREFUSED')]), { code: 'ECONNREFUSED' })), 502],
    ['fetch: other side closed', fetchFailed(undici('SocketError', 'UND_ERR_SOCKET')), 502],
    ['fetch: reset', fetchFailed(socketError('ECONNRESET')), 502],
    ['fetch: another network error (TLS)', fetchFailed(named('Error', { code: 'CERT_HAS_EXPIRED' })), 502],
    ['fetch: connect timeout', fetchFailed(undici('ConnectTimeoutError', 'UND_ERR_CONNECT_TIMEOUT')), 504],
    ['fetch: headers timeout', fetchFailed(undici('HeadersTimeoutError', 'UND_ERR_HEADERS_TIMEOUT')), 504],
    ['fetch: body timeout', fetchFailed(undici('BodyTimeoutError', 'UND_ERR_BODY_TIMEOUT')), 504],
    ['AbortSignal.timeout()', timeoutReason(), 504],
    ['undici ResponseStatusCodeError', named('ResponseStatusCodeError', { code: 'UND_ERR_RESPONSE_STATUS_CODE', statusCode: 500, headers: { 'x-secret': SECRET }, body: SECRET }), 502],
    ['axios with a response', axiosError('ERR_BAD_RESPONSE', { response: plantedResponse() }), 502],
    ['axios with a 404 response', axiosError('ERR_BAD_REQUEST', { response: { ...plantedResponse(), status: 404 } }), 502],
    ['axios refused', axiosError('ECONNREFUSED', { cause: socketError('ECONNREFUSED') }), 502],
    ['axios reset', axiosError('ECONNRESET'), 502],
    ['axios ERR_NETWORK', axiosError('ERR_NETWORK'), 502],
    ['axios timeout ECONNABORTED', axiosError('ECONNABORTED'), 504],
    ['axios timeout ETIMEDOUT (clarifyTimeoutError)', axiosError('ETIMEDOUT'), 504],
    ['axios canceled by AbortSignal.timeout()', axiosError('ERR_CANCELED', { config: { signal: { reason: timeoutReason() } } }), 504],
    ['got HTTPError', named('HTTPError', { name: 'HTTPError', code: 'ERR_NON_2XX_3XX_RESPONSE', response: { statusCode: 500, headers: { 'x-secret': SECRET }, body: SECRET } }), 502],
    ['got RequestError refused', named('RequestError', { name: 'RequestError', code: 'ECONNREFUSED' }), 502],
    ['got TimeoutError', named('TimeoutError', { name: 'TimeoutError', code: 'ETIMEDOUT', event: 'request' }), 504],
    ['ky HTTPError', named('HTTPError', { name: 'HTTPError', response: new Response(SECRET, { status: 503, headers: { 'retry-after': '9', 'x-secret': SECRET } }) }), 502],
    ['ky TimeoutError', named('TimeoutError', { name: 'TimeoutError', request: new Request(`http://inventory/${SECRET}`) }), 504],
    ['our client ApiError', Object.assign(new Error(SECRET), { [Symbol.for('error-contract.api-error')]: true, status: 429, headers: new Headers({ 'retry-after': '9' }) }), 502],
    ['a bare refused socket', socketError('ECONNREFUSED'), 502],
    ['a bare timed-out socket', socketError('ETIMEDOUT'), 504],
  ])('%s', (_name, error, status) => {
    const { status: sent, headers, body } = answer([preset], error);
    expect(sent).toBe(status);
    expect(body.code).toBe(status === 502 ? 'bad_gateway' : 'gateway_timeout');
    expect(headers['retry-after']).toBeUndefined();
  });

  it.each([
    ['an abort the app chose', new DOMException('This operation was aborted', 'AbortError')],
    ['axios canceled by the app', axiosError('ERR_CANCELED', { config: { signal: { reason: new DOMException('x', 'AbortError') } } })],
    ['axios bad option (a programming error)', axiosError('ERR_BAD_OPTION_VALUE')],
    ['a TypeError of the app', new TypeError(`x is not a function ${SECRET}`)],
    ['a TimeoutError of another library (no DOMException code, no request)', named('TimeoutError', { name: 'TimeoutError' })],
    ['a Nest HttpException (its own response)', Object.assign(new Error('x'), { response: { statusCode: 400 }, getStatus: () => 400, getResponse: () => ({}) })],
    ['a string', 'fetch failed'],
    ["body-parser's request aborted (400, code ECONNABORTED)", Object.assign(new Error('request aborted'), { code: 'ECONNABORTED', status: 400, statusCode: 400, expose: true, type: 'request.aborted' })],
    // what Node's IncomingMessage emits when our client goes away mid-body, as a real server saw it
    ["our own client's aborted request (Node's `aborted`, ECONNRESET, no syscall)", Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
  ])('%s: left alone', (_name, error) => {
    const sent = answer([preset], error).status;
    expect(sent === 500 || sent === 400).toBe(true);
    expect(sent).not.toBe(502);
  });

  it('presets told their servers come first: a database\'s refusal is their 503, the rest 502', () => {
    const map = [redisErrors({ servers: '127.0.0.1:6379' }), postgresErrors(), upstreamErrors()];
    expect(answer(map, socketError('ECONNREFUSED', { address: '127.0.0.1', port: 6379 })).status).toBe(503);
    expect(answer(map, fetchFailed(socketError('ECONNREFUSED', { address: '127.0.0.1', port: 8080 }))).status).toBe(502);
    // listed first, upstreamErrors would take Redis's refusal too: order is the app's to choose
    expect(answer([upstreamErrors(), redisErrors({ servers: '127.0.0.1:6379' })], socketError('ECONNREFUSED', { address: '127.0.0.1', port: 6379 })).status).toBe(502);
  });

  it('without the preset an upstream failure stays 500, as the trust rule makes it', () => {
    expect(answer([], axiosError('ERR_BAD_RESPONSE', { response: plantedResponse() })).status).toBe(500);
    expect(answer([], fetchFailed(socketError('ECONNREFUSED'))).status).toBe(500);
  });

  it('hostile values never throw', () => {
    const hostile = new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } });
    expect(answer([preset, redisErrors({ servers: 'x:1' })], hostile).status).toBe(500);
  });
});
