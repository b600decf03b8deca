// Anything thrown becomes a Problem: the one place where status, code and exposure are decided.
import { isContractError, type ProblemInit } from '../failures/contract-error.js';
import { safeInstance } from '../rendering/fallback.js';
import { clientHeadersOf, ownClientHeadersOf } from './client-headers.js';
import { languageFor, textIn, translatedText } from '../rendering/language.js';
import { mapError, type MappedBy } from '../mapping/map-option.js';
import { RESERVED_MEMBERS, type Settings } from '../contract/options.js';
import { fieldSummary } from '../failures/problems.js';
import { describe, items, read, readArray, readString } from '../base/safe-read.js';
import { codeForStatus, genericDetail, isErrorStatus, reasonPhrase } from '../base/statuses.js';
import { traceIdOf } from '../observability/trace-id.js';
import type { FieldError, Problem, RequestLike } from '../types.js';
import { isMeantForClients, isUpstreamError } from './trust.js';
import { readFieldErrors } from '../validation/field-errors.js';
import { knownFailureOf } from './well-known.js';

const OWN_CODE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_DETAIL_LENGTH = 1000;

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

/**
 * The status an error declares: http-errors' and Koa's `status` / `statusCode`, Hono's
 * `HTTPException#status`, Boom's `output.statusCode`. `'invalid'` when it declares one outside
 * 400..599 (such an error is a bug, so it is a 500).
 */
function declaredStatus(error: unknown, status: unknown): number | 'invalid' | undefined {
  let candidate = read(error, 'isBoom') === true ? read(read(error, 'output'), 'statusCode') : undefined;
  // each read only when the one before says nothing: a member of a thrown value is a lookup along
  // its prototype chain, which for http-errors' values (dictionary mode) V8 cannot cache
  if (candidate === undefined || candidate === null) candidate = status;
  if (candidate === undefined || candidate === null) candidate = read(error, 'statusCode');
  if (candidate === undefined || candidate === null) return undefined;
  return isErrorStatus(candidate) ? candidate : 'invalid';
}

/** Field problems our own errors carry, copied defensively: they may come from user input. */
function ownFieldErrors(error: unknown): FieldError[] {
  return items(readArray(error, 'fieldErrors') ?? [], 100).flatMap((item) => {
    const field = read(item, 'field');
    // `message`: what a JavaScript caller (no type to say `detail`) or another library's shape writes;
    // dropping the problem would leave a body that counts a field it does not name
    let detail = read(item, 'detail');
    if (typeof detail !== 'string') detail = read(item, 'message');
    if (typeof field !== 'string' || typeof detail !== 'string') return [];
    return read(item, 'pointer') === false ? [{ field, detail: clip(detail), pointer: false as const }] : [{ field, detail: clip(detail) }];
  });
}

function copyExtensions(source: unknown, into: Record<string, unknown>): void {
  if (source === null || typeof source !== 'object') return;
  try {
    for (const [key, value] of Object.entries(source)) {
      if (!RESERVED_MEMBERS.has(key)) into[key] = value;
    }
  } catch {
    // extensions that cannot be read are left out
  }
}

/** What the thrown value says about itself, before the contract's rules are applied. */
interface Verdict {
  status: number;
  code: string | undefined;
  /** A catalog or integrator code: it survives a status remap. */
  codeIsChosen: boolean;
  fieldErrors: FieldError[];
  /** A sentence that replaces the error's own text for a 4xx (parse errors, validation). */
  fixedDetail: string | undefined;
  /** The error's own text, shown only when exposed. */
  text: string | undefined;
  expose: boolean;
  headers: Record<string, string>;
}

/** A 4xx with a fixed detail (a parse error, a validation failure) sends it, never the error's own
 * text. Judged on the verdict's status in foreignVerdict and on the sent one in decide: every
 * remap (`statuses`, `validationStatus`) keeps a status's class. */
function fixedDetailReplacesText(status: number, fixedDetail: string | undefined): fixedDetail is string {
  return status < 500 && fixedDetail !== undefined;
}

/** The text one of our problems carries for the client, if any. */
export function ownText(error: ProblemInit): string | undefined {
  return typeof error.detail === 'string' && error.detail !== '' ? error.detail : undefined;
}

/** An error's own text as sent, when it may be shown: exposed, and more than the reason phrase. */
export function shownText(exposed: boolean, text: string | undefined, status: number): string | undefined {
  return exposed && text !== undefined && text !== reasonPhrase(status) ? clip(text) : undefined;
}

/** Our own problems (factories, `contract.error`, adapters' plain forms): read as they are. They
 * are read directly: they are ours, and `normalizeWith` guards the whole decision anyway. */
function ownVerdict(settings: Settings, error: ProblemInit): Verdict {
  const code = typeof error.code === 'string' && error.code !== '' ? error.code : undefined;
  const entry = code === undefined ? undefined : settings.catalog.get(code);
  return {
    status: entry?.status ?? (isErrorStatus(error.status) ? error.status : 500),
    code,
    codeIsChosen: code !== undefined,
    fieldErrors: error.fieldErrors === undefined || error.fieldErrors.length === 0 ? [] : ownFieldErrors(error),
    fixedDetail: undefined,
    text: ownText(error),
    expose: true,
    headers: error.headers === undefined ? {} : ownClientHeadersOf(error.headers),
  };
}

/** Anything else: the rules of docs/contract.md ("Statuses and codes"), in order: catalog, declared status, well-known
 * failure, validation, 500; then the trust rule (trust.ts) says what of it may be shown. */
function foreignVerdict(settings: Settings, error: unknown): Verdict {
  // Another server's answer, relayed by an HTTP client, is our failure: nothing of it is passed on.
  // `code` and `status` are read once here for the rules that ask for them
  const ownCode = readString(error, 'code');
  if (isUpstreamError(error, ownCode)) return UPSTREAM_VERDICT;
  const entry = ownCode === undefined ? undefined : settings.catalog.get(ownCode);
  const ownStatus = read(error, 'status');
  const declared = declaredStatus(error, ownStatus);
  const known = knownFailureOf(error, ownCode, ownStatus);
  const meantForClients = isMeantForClients(error);
  const validation = readFieldErrors(error);

  let status = 500;
  let code: string | undefined;
  let codeIsChosen = false;
  if (entry !== undefined) {
    status = entry.status;
    code = ownCode;
    codeIsChosen = true;
  } else if (typeof declared === 'number') {
    status = declared;
    if (status < 500 && meantForClients && ownCode !== undefined && OWN_CODE.test(ownCode)) code = ownCode;
  } else if (declared === undefined && known !== undefined) status = known.status;
  else if (declared === undefined && validation !== undefined) status = 400;

  // A validator's own failure is about the client's input; fields carried by a value that declares
  // its own status are shown only when that value is meant for clients.
  const fieldErrors = validation === undefined || status >= 500 || (declared !== undefined && !meantForClients) ? [] : validation.fieldErrors;
  const knownApplies = known !== undefined && known.status === status;
  if (code === undefined && knownApplies) code = known.code;
  if (code === undefined && fieldErrors.length > 0 && status === 400) code = 'validation_failed';

  // A validator's own message is a dump of its issues (zod's is JSON): the fields carry the detail.
  const fixedDetail = knownApplies ? known.detail : fieldErrors.length > 0 ? fieldSummary(fieldErrors.length, validation?.truncated) : undefined;
  return {
    status,
    code,
    codeIsChosen,
    fieldErrors,
    fixedDetail,
    // Not read where the fixed detail replaces it: zod makes its message on first read.
    text: fixedDetailReplacesText(status, fixedDetail) ? undefined : (readString(error, 'message') ?? (status >= 500 && settings.exposeInternalErrors ? describe(error) : undefined)),
    expose: meantForClients,
    headers: meantForClients && status < 500 ? clientHeadersOf(error, status) : {},
  };
}

const UPSTREAM_VERDICT: Verdict = Object.freeze({
  status: 500,
  code: undefined,
  codeIsChosen: false,
  fieldErrors: [],
  fixedDetail: undefined,
  text: undefined,
  expose: false,
  headers: {},
}) as Verdict;

// `typeBaseUrl + code`, built once per code: a flat string serialises faster than a concatenation.
const TYPES = new WeakMap<Settings, Map<string, string>>();
const MAX_CACHED_TYPES = 512;

export function typeFor(settings: Settings, code: string): string {
  if (settings.typeBaseUrl === undefined) return 'about:blank';
  let types = TYPES.get(settings);
  if (types === undefined) TYPES.set(settings, (types = new Map()));
  let type = types.get(code);
  if (type === undefined) {
    type = `${settings.typeBaseUrl}${code}`;
    if (types.size < MAX_CACHED_TYPES) types.set(code, type);
  }
  return type;
}

/**
 * The status the contract sends for a decided status and code: one outside its `statuses` falls
 * back to 400 or 500 (both always allowed), and `validation_failed` at 400 goes out at the
 * contract's `validationStatus`. The docs and OpenAPI builders state statuses through this too.
 */
export function sentStatus(settings: Settings, status: number, code: string | undefined): number {
  const allowed = settings.statuses === undefined || settings.statuses.has(status) ? status : status < 500 ? 400 : 500;
  // `validationStatus: 422` is refused at creation unless 422 is allowed.
  return code === 'validation_failed' && allowed === 400 ? settings.validationStatus : allowed;
}

/**
 * A 401's headers with a challenge: RFC 9110 section 15.5.2 says a 401 MUST carry one. The error's
 * own is kept; without one, the contract's (`challenge` option), which a challenge the app set on
 * the response before the failure still wins over (see `challengeIsDefault`).
 */
function withChallenge(settings: Settings, headers: Record<string, string>): Record<string, string> {
  return headers['www-authenticate'] === undefined ? { ...headers, 'www-authenticate': settings.challenge } : headers;
}

/** The problem for `error` (never mapped here), by the rules above. Throws on what it cannot read. */
export function decide(settings: Settings, error: unknown, request: RequestLike, ours = isContractError(error)): Problem {
  const verdict = ours ? ownVerdict(settings, error as ProblemInit) : foreignVerdict(settings, error);
  let { status, code } = verdict;
  if (settings.statuses !== undefined && !settings.statuses.has(status)) {
    status = status < 500 ? 400 : 500;
    if (!verdict.codeIsChosen) code = verdict.fieldErrors.length > 0 && status === 400 ? 'validation_failed' : undefined;
  }
  code ??= codeForStatus(status);
  status = sentStatus(settings, status, code);
  const catalogued = settings.catalog.get(code);
  const language = settings.languages === undefined ? undefined : languageFor(settings, request);

  const internal = status >= 500;
  const exposed = internal ? settings.exposeInternalErrors : verdict.expose;
  // An error's own message is sent as it came; core's own sentences and the catalog's are the
  // ones given per language (read only where they are needed: this runs on every error).
  let detail: string;
  if (fixedDetailReplacesText(status, verdict.fixedDetail)) {
    // only a text given for this language replaces core's sentence, never the catalog's single
    // text, which would make one failure read differently per language
    const translated = language === undefined || language === settings.languages?.tags[0] ? undefined : translatedText(settings, language, code, catalogued, 'detail');
    detail = translated ?? verdict.fixedDetail;
  } else detail = shownText(exposed, verdict.text, status) ?? textIn(settings, language, code, catalogued, 'detail') ?? genericDetail(status);

  const extensions: Record<string, unknown> = {};
  if (ours && (error as ProblemInit).extensions !== undefined) copyExtensions((error as ProblemInit).extensions, extensions);
  if (settings.extensions !== undefined) {
    try {
      copyExtensions(settings.extensions(request), extensions);
    } catch {
      // a failing extensions hook costs the extensions, not the response
    }
  }
  if (internal && settings.exposeInternalErrors) {
    const stack = readString(error, 'stack');
    if (stack !== undefined) extensions.stack = stack.split('\n').map((line) => line.trim());
  }

  return {
    status,
    code,
    title: textIn(settings, language, code, catalogued, 'title') ?? reasonPhrase(status),
    detail,
    type: catalogued?.type ?? typeFor(settings, code),
    instance: safeInstance(request),
    // A 5xx says nothing of what failed, field problems included (they may quote any value).
    fieldErrors: internal ? [] : verdict.fieldErrors,
    headers: status === 401 ? withChallenge(settings, verdict.headers) : verdict.headers,
    extensions,
    exposed,
    // always present (one object shape on the hot path), undefined when the option is off
    traceId: settings.traceField === undefined ? undefined : traceIdOf(request),
    language,
  };
}

/**
 * Never throws: whatever goes wrong while deciding falls back to a plain 500. `ours` says whether
 * `error` is one of our problems, when the caller has asked already (the mark is a lookup along a
 * thrown value's prototype chain, the costliest of its reads on http-errors' values).
 */
export function normalizeWith(settings: Settings, error: unknown, request: RequestLike, ours?: boolean, by?: MappedBy): Problem {
  try {
    const known = ours ?? isContractError(error);
    // the app's mappers first (the `map` option): their replacement is decided in the error's
    // place; our own problems are never mapped
    const mapped = settings.map === undefined || known ? undefined : mapError(settings.map, error, request, by);
    return mapped === undefined || mapped === null ? decide(settings, error, request, known) : decide(settings, mapped, request);
  } catch {
    if (by !== undefined) by.mapper = undefined;
    return {
      status: 500,
      code: 'internal_server_error',
      title: reasonPhrase(500),
      detail: genericDetail(500),
      type: typeFor(settings, 'internal_server_error'),
      instance: safeInstance(request),
      fieldErrors: [],
      headers: {},
      extensions: {},
      exposed: false,
    };
  }
}
