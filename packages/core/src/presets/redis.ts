// Redis that cannot serve a command, from ioredis (https://github.com/redis/ioredis) and node-redis
// (`redis` v4/v5, https://github.com/redis/node-redis): the clients' own errors by class name or by
// the message ioredis gives them, the server's replies by their error prefix, and a refused or lost
// connection only when it was a connection to the Redis servers the app named.
import type { ErrorMapper } from '../mapping/map-option.js';
import { readString } from '../base/safe-read.js';
import { ANSWERS, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { type ServerAddress, serversMatcher, socketFailureIn } from './connection.js';
import { preset } from './preset.js';
import { classNames, errorChain } from './recognise.js';

/** Redis's default port, for an address without one (`redis://cache`). */
const REDIS_PORT = 6379;

// The clients' own classes for a connection that is gone or cannot be made. node-redis leaves
// `name` as 'Error': its class names are read from the prototype chain.
const CLIENT_CLASSES: ReadonlySet<string> = new Set([
  'MaxRetriesPerRequestError', // ioredis: the command was retried `maxRetriesPerRequest` times while reconnecting
  'ClusterAllFailedError', // ioredis: no node of the cluster answered ("Failed to refresh slots cache.")
  'ClientClosedError', // node-redis: the client was closed (or never connected)
  'ClientOfflineError', // node-redis: reconnecting, with `disableOfflineQueue`
  'SocketClosedUnexpectedlyError', // node-redis: the server closed the connection mid-use
  'ConnectionTimeoutError', // node-redis: `connectTimeout` passed
  'SocketTimeoutError', // node-redis: `socketTimeout` passed
  'ReconnectStrategyError', // node-redis: the reconnect strategy gave up
  'RootNodesUnavailableError', // node-redis cluster: no root node answered
]);

// ioredis rejects with a plain Error for these, always with these exact texts (its source,
// utils/index.ts CONNECTION_CLOSED_ERROR_MSG, Redis.ts, cluster/index.ts).
const IOREDIS_MESSAGES: ReadonlySet<string> = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'None of startup nodes is available',
  'Cluster is disconnected.',
]);

// Replies that say the server cannot serve now, though the command is fine (https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors):
// the cluster is down, the dataset is loading, a script or module is running, a replica lost its
// master, a key is migrating mid-resharding.
const BUSY_REPLY = /^(CLUSTERDOWN|LOADING|BUSY|MASTERDOWN|TRYAGAIN)\b/;
// ioredis's ReplyError (redis-errors) and node-redis's ErrorReply with its SimpleError, BlobError
const REPLY_CLASSES: ReadonlySet<string> = new Set(['ReplyError', 'ErrorReply']);

function isRedisClientFailure(member: unknown): boolean {
  const names = classNames(member);
  if (names.some((name) => CLIENT_CLASSES.has(name))) return true;
  if (names.some((name) => REPLY_CLASSES.has(name))) return BUSY_REPLY.test(readString(member, 'message') ?? '');
  // a plain Error, not a subclass that happens to carry the same words
  return names.length === 1 && names[0] === 'Error' && IOREDIS_MESSAGES.has(readString(member, 'message') ?? '');
}

/**
 * Options of {@link redisErrors}.
 *
 * @example
 * const options: RedisErrorsOptions = { servers: process.env.REDIS_URL, retryAfter: 2 };
 */
export interface RedisErrorsOptions extends RetryOptions {
  /**
   * Where Redis listens (`'redis://cache:6379'`, `'cache:6379'`, `{ host, port }`, or a list):
   * a refused, reset or timed-out connection to one of these is Redis being unreachable. Without
   * it, a bare socket error is left alone (it may be any other service's), and only the clients'
   * own errors are answered.
   */
  servers?: ServerAddress | readonly ServerAddress[];
}

/**
 * Maps Redis that cannot serve a command, through ioredis or node-redis, to 503
 * `service_unavailable` with `Retry-After`. Nothing of the reply, the key or the command reaches
 * the answer.
 *
 * | error | answer |
 * |---|---|
 * | ioredis `MaxRetriesPerRequestError`, `ClusterAllFailedError`; "Connection is closed.", "Stream isn't writeable and enableOfflineQueue options is false", "None of startup nodes is available" | 503 with `Retry-After` |
 * | node-redis `ClientClosedError`, `ClientOfflineError`, `SocketClosedUnexpectedlyError`, `ConnectionTimeoutError`, `SocketTimeoutError`, `ReconnectStrategyError`, `RootNodesUnavailableError` | 503 with `Retry-After` |
 * | a reply (`ReplyError`, `ErrorReply`) starting `CLUSTERDOWN`, `LOADING`, `BUSY`, `MASTERDOWN` or `TRYAGAIN` | 503 with `Retry-After` |
 * | a refused, reset or timed-out connection (ECONNREFUSED, ...) to one of `servers` | 503 with `Retry-After` |
 *
 * Other replies (`WRONGTYPE`, `NOSCRIPT`, `ERR ...`) are the app's mistakes and stay 500.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { redisErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [redisErrors({ servers: 'redis://127.0.0.1:6379', retryAfter: 2 })] });
 * // a GET while Redis is restarting -> 503 { code: 'service_unavailable' }, Retry-After: 2
 */
export function redisErrors(options?: RedisErrorsOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const servers = options?.servers;
  const isRedisServer = servers === undefined ? undefined : serversMatcher(servers, REDIS_PORT);
  return preset('redisErrors', [ANSWERS.unavailable], (error) => {
    if (errorChain(error).some(isRedisClientFailure)) return unavailable(retryAfter);
    if (isRedisServer === undefined) return undefined;
    const failure = socketFailureIn(error);
    return failure !== undefined && isRedisServer(failure) ? unavailable(retryAfter) : undefined;
  });
}
