// The `checkDeclaredCodes` option: an answer whose code its matched route does not declare, told
// to whoever runs the service (once per route and code) and counted, never changed. Which codes
// a route may answer beyond its own is what the contract answers on any route by itself; the
// operation's exact list (secured or not, with a body or not) is the document's business
// (openapi/operation-codes.ts), and the probe holds answers to it.
import { read } from '../base/safe-read.js';
import type { Settings } from '../contract/options.js';
import { mappedAnswers } from '../mapping/map-option.js';
import type { Problem, RequestLike } from '../types.js';

/**
 * What the contract answers on any route by itself: refusals, body reading, credentials, limits,
 * Node's refusals, 5xx. The twin of openapi/operation-codes.ts with every option on (a test holds
 * them equal): that file cannot be imported here, as it imports the contract this check is part of.
 */
export const CONTRACT_OWN: ReadonlySet<string> = new Set([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'not_acceptable',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'request_timeout',
  'expectation_failed',
  'request_header_fields_too_large',
  'internal_server_error',
]);
// a service that answers that many distinct undeclared pairs has stopped declaring: enough said
const MAX_REPORTED = 1000;

/**
 * Whether the answer's code is one its matched route does not declare, when the contract checks
 * them (`checkDeclaredCodes`) and the adapter handed over the route's declaration
 * (`RequestLike#declaredCodes`). The first time a route answers a code, a warning says so.
 */
export function undeclaredCode(settings: Settings, problem: Problem, request: RequestLike): boolean {
  const seen = settings.undeclaredSeen;
  if (seen === undefined) return false;
  const declared = read(request, 'declaredCodes');
  if (!Array.isArray(declared) || declared.includes(problem.code) || CONTRACT_OWN.has(problem.code)) return false;
  if (mappedAnswers(settings.map).some((answer) => answer.code === problem.code)) return false;
  const route = read(request, 'route');
  const key = `${String(read(request, 'method'))} ${typeof route === 'string' ? route : problem.instance} ${problem.code}`;
  if (seen.has(key) || seen.size >= MAX_REPORTED) return true;
  seen.add(key);
  const message = `error-contract: ${key.slice(0, key.lastIndexOf(' '))} answered ${problem.status} ${problem.code}, which the route does not declare (it declares: ${declared.join(', ') || 'none of its own'}). Add it to the route's declaration, or stop answering it.`;
  const logger = settings.logger;
  try {
    if (logger === undefined) console.warn(message);
    else if (logger !== false) (typeof logger.warn === 'function' ? logger.warn : logger.error).call(logger, { method: read(request, 'method'), route, status: problem.status, code: problem.code, declared }, message);
  } catch {
    // a logger that throws must not cost the response
  }
  return true;
}
