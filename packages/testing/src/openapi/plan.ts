// Which probes each operation gets, as data: the conformance table's cases (cases.ts) built from
// the document's routes, plus the ones only a document makes possible (415, a required property
// left out, 401 on any method). Probes that send a body or a method other than GET, HEAD and
// OPTIONS are planned but held back unless `write` allows them. 413 and 415 are required only
// where the document or the command line says the API has a body limit or refuses other types;
// elsewhere those probes are held only to the contract (contract-only.ts).
import { formatBytes } from '../bytes.js';
import { type ConformanceCase, type ConformanceRequest, conformanceCases } from '../cases.js';
import { contractOnly, type DueAnswer } from '../cli/contract-only.js';
import { declaresStatus, documentedBodyLimit } from './body-limit.js';
import { codesOfResponse } from './declared-codes.js';
import type { OpenApiDocument } from './document.js';
import { credentialHeaders, isSecured, jsonBodyOf, type Operation } from './operations.js';
import { fillPath } from './parameters.js';
import { objectSchemaOf, sampleOf } from './sample.js';

/**
 * One planned probe: the case (request and expected answer), the operation it belongs to, and
 * what judging it needs beyond the case.
 *
 * @example
 * const planned: PlannedProbe[] = planProbes(doc, operations, { headers: {}, write: false, strictAccept: false, strictContentType: false });
 * planned.filter((probe) => probe.skipped === undefined).length; // the probes that will be sent
 */
export interface PlannedProbe {
  kase: ConformanceCase;
  /** What the table groups it under: `'GET /api/widgets'`, or `'the API'` for the probes of no operation. */
  group: string;
  /** The operation whose declared responses judge the answer. */
  operation?: Operation;
  /** The wrong-method probe's path: its operations (one of them declares the 405), and the methods the document lists. */
  pathOperations?: Operation[];
  /** The required property left out of the body. */
  field?: string;
  /** An Accept probe: a success is reported, not failed (unless the Accept policy was given as strict). */
  acceptProbe?: boolean;
  /**
   * The operation is secured and none of its credential headers was given with -H: a 401 in the
   * contract is then reported (the probe could not check what it is for), not failed.
   */
  missingCredentials?: string[];
  /** Why it will not be sent. */
  skipped?: string;
  /** A probe held only to the contract: the status it would have been held to, and why it is not. */
  due?: DueAnswer;
}

/**
 * What planning needs from the command line.
 *
 * @example
 * const options: PlanOptions = { headers: { authorization: 'Bearer t' }, write: true, strictAccept: false, strictContentType: false, bodyLimitBytes: 100 * 1024 };
 */
export interface PlanOptions {
  /** Sent with every probe (lower-case names): the credentials come only from here. */
  headers: Record<string, string>;
  /** Allow the probes that send a body or a method other than GET, HEAD and OPTIONS. */
  write: boolean;
  /** `--strict-accept`: 406 is due for a missing or non-JSON Accept, and a success fails. */
  strictAccept: boolean;
  /** `--body-limit`: the API's body limit; without it, the document's `x-body-limit`, else none known. */
  bodyLimitBytes?: number;
  /** `--strict-content-type`: 415 is due for a text/plain body to any operation that takes JSON. */
  strictContentType: boolean;
  /** `--forbidden-header`: an identity without the right, for the operations that declare 403 `forbidden`. */
  forbiddenHeaders?: Record<string, string>;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const WRONG_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE', 'POST'];
const JSON_ACCEPT = 'application/json';

function label(operation: Operation): string {
  return `${operation.method} ${operation.url}`;
}

function withoutNames(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

/** A body the operation accepts: its media type's example, else one built from its schema. */
function validBody(doc: OpenApiDocument, media: Record<string, unknown>): unknown {
  if ('example' in media) return media.example;
  const examples = media.examples;
  if (typeof examples === 'object' && examples !== null) {
    const first = Object.values(examples)[0] as { value?: unknown; $ref?: string } | undefined;
    const example = first?.$ref === undefined ? first : undefined;
    if (example !== undefined && 'value' in example) return example.value;
  }
  return sampleOf(doc, media.schema);
}

function holdBack(probe: PlannedProbe, options: PlanOptions): PlannedProbe {
  const { method } = probe.kase.request;
  const writes = !SAFE.has(method) || probe.kase.request.body !== undefined;
  return writes && !options.write ? { ...probe, skipped: `sends ${method}${probe.kase.request.body === undefined ? '' : ' with a body'}: pass --write to allow it` } : probe;
}

/** The probes of one operation with a JSON request body. */
function bodyProbes(doc: OpenApiDocument, operation: Operation, path: string, headers: Record<string, string>, options: PlanOptions): PlannedProbe[] {
  const json = jsonBodyOf(operation);
  if (json === undefined) return [];
  const group = label(operation);
  const limit = options.bodyLimitBytes ?? documentedBodyLimit(doc, operation);
  const table = conformanceCases({ existing: path, jsonBody: { path, method: operation.method, ...(limit === undefined ? {} : { maxBytes: limit }) }, headers });
  const malformed = table.find((kase) => kase.id === 'malformed-json')!;
  const oversize = table.find((kase) => kase.id === 'oversize-body')!;
  const probes: PlannedProbe[] = [{ kase: malformed, group, operation }];
  if (limit !== undefined) probes.push({ kase: { ...oversize, name: `a body over ${formatBytes(limit)} is 413` }, group, operation });
  else {
    const sent = formatBytes(oversize.request.body!.length);
    const why = declaresStatus(operation, 413)
      ? 'the document declares a 413 but not the limit (x-body-limit), and --body-limit was not given'
      : 'no body limit is documented (x-body-limit) or given (--body-limit)';
    probes.push({ kase: contractOnly(oversize, `a ${sent} body answers in the contract`), group, operation, due: { status: 413, code: 'payload_too_large', why } });
  }

  const body = validBody(doc, json.media);
  const jsonHeaders = { ...headers, 'content-type': json.mediaType };
  // RFC 9110 section 15.5.16: a body in a media type the operation does not take is 415
  const plain: ConformanceCase = {
    id: 'wrong-content-type',
    name: 'Content-Type text/plain is 415',
    request: { method: operation.method, path, headers: { ...headers, 'content-type': 'text/plain' }, body: JSON.stringify(body) },
    expected: { status: 415, code: 'unsupported_media_type' },
    checked: true,
  };
  const takesText = json.otherTypes.find((type) => /^(text\/plain|text\/\*|\*\/\*)/i.test(type));
  let plainProbe: PlannedProbe;
  if (takesText !== undefined) plainProbe = { kase: plain, group, operation, skipped: `the operation takes ${takesText}` };
  else if (options.strictContentType || declaresStatus(operation, 415)) plainProbe = { kase: plain, group, operation };
  else {
    const why = 'the document declares no 415 for the operation, and --strict-content-type was not given';
    plainProbe = { kase: contractOnly(plain, 'Content-Type text/plain answers in the contract'), group, operation, due: { status: 415, code: 'unsupported_media_type', why } };
  }
  probes.splice(1, 0, plainProbe);

  const object = objectSchemaOf(doc, json.media.schema);
  const field = object?.required[0];
  if (field !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const { [field]: _left, ...rest } = body as Record<string, unknown>;
    probes.push({
      kase: {
        id: 'missing-property',
        name: `no "${field}" is 400 validation_failed`,
        request: { method: operation.method, path, headers: jsonHeaders, body: JSON.stringify(rest) },
        // 422 is as good (RFC 9110 section 15.5.21); judged against the status the API chose
        expected: { status: 400, code: 'validation_failed' },
        checked: true,
      },
      group,
      operation,
      field,
    });
  }
  return probes;
}

/** The probe of a secured operation sent without its credentials. */
function unauthenticatedProbe(doc: OpenApiDocument, operation: Operation, path: string, headers: Record<string, string>): PlannedProbe | undefined {
  if (!isSecured(operation)) return undefined;
  const names = credentialHeaders(doc, operation);
  const bare = withoutNames(headers, names);
  const json = jsonBodyOf(operation);
  const request: ConformanceRequest = { method: operation.method, path, headers: bare };
  if (json !== undefined) {
    request.headers = { ...bare, 'content-type': json.mediaType };
    request.body = JSON.stringify(validBody(doc, json.media));
  }
  return {
    kase: {
      id: 'unauthenticated',
      name: 'no credentials is 401 with WWW-Authenticate',
      request,
      // RFC 9110 section 15.5.2: a 401 must carry a challenge
      expected: { status: 401, code: 'unauthorized', headers: { 'www-authenticate': /\S/ } },
      checked: true,
    },
    group: label(operation),
    operation,
  };
}

/** A path parameter's value that names nothing: a number where the schema wants one. */
function absentValue(parameter: Record<string, unknown> | undefined): string {
  const schema = parameter?.schema as { type?: unknown } | undefined;
  return schema?.type === 'integer' || schema?.type === 'number' ? '2147483646' : 'error-contract-probe-absent';
}

/**
 * The probe of an operation whose document declares a 404 `not_found` for it: its last path
 * parameter made up, so that it names nothing.
 */
function absentProbe(doc: OpenApiDocument, operation: Operation, headers: Record<string, string>): PlannedProbe | undefined {
  const names = [...operation.url.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const last = names.at(-1);
  if (last === undefined || !(codesOfResponse(doc, operation.responses['404']) ?? []).includes('not_found')) return undefined;
  const parameter = operation.parameters.find((one) => one.in === 'path' && one.name === last);
  const filled = fillPath(doc, { ...operation, url: operation.url.replace(`{${last}}`, `\u0000`) }).replace('\u0000', encodeURIComponent(absentValue(parameter)));
  const json = jsonBodyOf(operation);
  const request: ConformanceRequest = { method: operation.method, path: filled, headers };
  if (json !== undefined) {
    request.headers = { ...headers, 'content-type': json.mediaType };
    request.body = JSON.stringify(validBody(doc, json.media));
  }
  return {
    kase: { id: 'absent-resource', name: `an absent ${last} is 404 not_found`, request, expected: { status: 404, code: 'not_found' }, checked: true },
    group: label(operation),
    operation,
  };
}

/**
 * The probe of an operation whose document declares 403 `forbidden` for it, sent as an identity
 * without the right (`--forbidden-header`), with a valid body where it takes one.
 */
function forbiddenProbe(doc: OpenApiDocument, operation: Operation, path: string, headers: Record<string, string>, forbidden: Record<string, string> | undefined): PlannedProbe | undefined {
  if (forbidden === undefined || !(codesOfResponse(doc, operation.responses['403']) ?? []).includes('forbidden')) return undefined;
  const json = jsonBodyOf(operation);
  const request: ConformanceRequest = { method: operation.method, path, headers: { ...headers, ...forbidden } };
  if (json !== undefined) {
    request.headers = { ...request.headers, 'content-type': json.mediaType };
    request.body = JSON.stringify(validBody(doc, json.media));
  }
  return {
    kase: { id: 'forbidden-identity', name: 'as an identity without the right is 403 forbidden', request, expected: { status: 403, code: 'forbidden' }, checked: true },
    group: label(operation),
    operation,
  };
}

/** Whether the document says the operation answers 406: the API refuses what it cannot serve. */
function declares406(operation: Operation): boolean {
  return '406' in operation.responses;
}

/**
 * Plans every probe of every operation, grouped by operation in the document's order: the API's
 * own probes first (an existing path answers, an unknown path is 404), then per operation a wrong
 * method on its path (first operation of each path), no Accept and `Accept: text/html` (GET),
 * no credentials (secured), an absent resource (a declared 404 `not_found`), an identity without
 * the right (a declared 403 `forbidden`, with `forbiddenHeaders`), and malformed JSON, a text/plain body, an over-large body and a
 * required property left out (JSON request body). The text/plain body is due a 415 only where
 * the operation declares one (or `strictContentType`), the over-large body a 413 only where a
 * limit is known (`bodyLimitBytes`, else the document's `x-body-limit`); elsewhere each carries
 * `due` and is held only to the contract.
 *
 * @example
 * for (const probe of planProbes(doc, operations, options)) console.log(probe.group, probe.kase.name, probe.skipped ?? '');
 */
export function planProbes(doc: OpenApiDocument, operations: Operation[], options: PlanOptions): PlannedProbe[] {
  const headers = { accept: JSON_ACCEPT, ...options.headers };
  const probes: PlannedProbe[] = [];
  const gets = operations.filter((operation) => operation.method === 'GET');
  const plainGet = gets.find((operation) => !operation.url.includes('{')) ?? gets[0];
  if (plainGet !== undefined) {
    const path = fillPath(doc, plainGet);
    const [existing, unknown] = conformanceCases({ existing: path, headers });
    // without the credentials a secured API asks for, these meet its 401 first
    const names = credentialHeaders(doc, plainGet);
    const missing = isSecured(plainGet) && names.length > 0 && !names.some((name) => name in headers) ? { missingCredentials: names } : {};
    // a path filled with made-up values may name nothing: its success is only reported
    probes.push({ kase: { ...existing!, checked: !plainGet.url.includes('{') }, group: 'the API', operation: plainGet, ...missing }, { kase: unknown!, group: 'the API', ...missing });
  }

  const seenPaths = new Set<string>();
  for (const operation of operations) {
    const path = fillPath(doc, operation);
    const group = label(operation);
    const names = credentialHeaders(doc, operation);
    const missingCredentials = isSecured(operation) && names.length > 0 && !names.some((name) => name in headers) ? names : undefined;
    const mark = (probe: PlannedProbe): PlannedProbe => holdBack(missingCredentials === undefined || probe.kase.id === 'unauthenticated' ? probe : { ...probe, missingCredentials }, options);

    if (!seenPaths.has(operation.url)) {
      seenPaths.add(operation.url);
      const pathOperations = operations.filter((other) => other.url === operation.url);
      const listed = operation.pathMethods;
      // GET first when the path has none: it is safe; else a method that changes state, held back without --write
      const wrong = WRONG_METHODS.find((method) => !listed.includes(method) && !(method === 'GET' && listed.includes('HEAD')));
      if (wrong !== undefined) {
        const [kase] = conformanceCases({ existing: path, wrongMethod: { path, method: wrong }, headers }).filter((one) => one.id === 'wrong-method');
        probes.push(mark({ kase: { ...kase!, name: `${wrong} is 405 with Allow` }, group, operation, pathOperations }));
      }
    }
    if (operation.method === 'GET') {
      const strict = options.strictAccept || declares406(operation);
      for (const kase of conformanceCases({ existing: path, headers, strictAccept: strict }).filter((one) => one.id === 'no-accept' || one.id === 'html-accept')) {
        probes.push(mark({ kase, group, operation, acceptProbe: true }));
      }
    }
    const unauthenticated = unauthenticatedProbe(doc, operation, path, headers);
    if (unauthenticated !== undefined) probes.push(mark(unauthenticated));
    const absent = absentProbe(doc, operation, headers);
    if (absent !== undefined) probes.push(mark(absent));
    const refused = forbiddenProbe(doc, operation, path, headers, options.forbiddenHeaders);
    if (refused !== undefined) probes.push(mark(refused));
    for (const probe of bodyProbes(doc, operation, path, headers, options)) probes.push(probe.skipped === undefined ? mark(probe) : probe);
  }
  return probes;
}
