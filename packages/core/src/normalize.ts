// Anything thrown becomes a Problem: the one place where status, code and exposure are decided.
import { isContractError } from './contract-error.js';
import { safeInstance } from './fallback.js';
import { clientHeadersOf } from './headers.js';
import type { Settings } from './options.js';
import { fieldSummary } from './problems.js';
import { describe, items, read, readArray, readString } from './safe-read.js';
import { codeForStatus, genericDetail, isErrorStatus, reasonPhrase } from './statuses.js';
import type { FieldError, Problem, RequestLike } from './types.js';
import { fieldErrorsOf } from './validation/field-errors.js';
import { knownFailureOf } from './well-known.js';

const OWN_CODE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_DETAIL_LENGTH = 1000;
/** Body members an extension may not replace. */
export const RESERVED_MEMBERS: ReadonlySet<string> = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors']);

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

/**
 * The status an error declares: http-errors' and Koa's `status` / `statusCode`, Hono's
 * `HTTPException#status`, Boom's `output.statusCode`. `'invalid'` when it declares one outside
 * 400..599 (such an error is a bug, so it is a 500).
 */
function declaredStatus(error: unknown): number | 'invalid' | undefined {
  const boomOutput = read(error, 'isBoom') === true ? read(read(error, 'output'), 'statusCode') : undefined;
  for (const candidate of [boomOutput, read(error, 'status'), read(error, 'statusCode')]) {
    if (candidate === undefined || candidate === null) continue;
    return isErrorStatus(candidate) ? candidate : 'invalid';
  }
  return undefined;
}

/** Field problems our own errors carry, copied defensively: they may come from user input. */
function ownFieldErrors(error: unknown): FieldError[] {
  return items(readArray(error, 'fieldErrors') ?? [], 100).flatMap((item) => {
    const field = read(item, 'field');
    const detail = read(item, 'detail');
    return typeof field === 'string' && typeof detail === 'string' ? [{ field, detail: clip(detail) }] : [];
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

function decide(settings: Settings, error: unknown, request: RequestLike): Problem {
  const ours = isContractError(error);
  const ownCode = readString(error, 'code');
  const entry = ownCode === undefined ? undefined : settings.catalog.get(ownCode);
  const declared = declaredStatus(error);
  const known = knownFailureOf(error);
  const fieldErrors = ours ? ownFieldErrors(error) : (fieldErrorsOf(error) ?? []);

  // Status, in the order of DESIGN.md: catalog, declared status, well-known failure, validation, 500.
  let status = 500;
  let code: string | undefined;
  let codeIsChosen = false; // a catalog or integrator code survives a status remap
  if (entry !== undefined && ownCode !== undefined) {
    status = entry.status;
    code = ownCode;
    codeIsChosen = true;
  } else if (typeof declared === 'number') {
    status = declared;
    if (ours && ownCode !== undefined) {
      code = ownCode;
      codeIsChosen = true;
    } else if (status < 500 && ownCode !== undefined && OWN_CODE.test(ownCode)) code = ownCode;
  } else if (declared === undefined && known !== undefined) status = known.status;
  else if (declared === undefined && fieldErrors.length > 0) status = 400;

  const knownApplies = known !== undefined && known.status === status;
  if (code === undefined && knownApplies) code = known.code;
  if (code === undefined && fieldErrors.length > 0 && status === 400) code = 'validation_failed';

  if (settings.statuses !== undefined && !settings.statuses.has(status)) {
    status = status < 500 ? 400 : 500;
    if (!codeIsChosen) code = fieldErrors.length > 0 && status === 400 ? 'validation_failed' : undefined;
  }
  code ??= codeForStatus(status);
  const catalogued = settings.catalog.get(code);
  const title = catalogued?.title ?? reasonPhrase(status);

  const internal = status >= 500;
  const exposed = internal ? settings.exposeInternalErrors : read(error, 'expose') !== false;
  let detail: string;
  if (knownApplies && !internal) detail = known.detail;
  // A validator's own message is a dump of its issues (zod's is JSON): the fields carry the detail.
  else if (!ours && fieldErrors.length > 0 && !internal) detail = fieldSummary(fieldErrors.length);
  else if (exposed) {
    const own = ours ? readString(error, 'detail') : (readString(error, 'message') ?? (internal ? describe(error) : undefined));
    detail = own === undefined || own === reasonPhrase(status) ? (catalogued?.detail ?? genericDetail(status)) : clip(own);
  } else detail = catalogued?.detail ?? genericDetail(status);

  const extensions: Record<string, unknown> = {};
  if (ours) copyExtensions(read(error, 'extensions'), extensions);
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
    title,
    detail,
    type: catalogued?.type ?? (settings.typeBaseUrl === undefined ? 'about:blank' : settings.typeBaseUrl + code),
    instance: safeInstance(request),
    fieldErrors,
    headers: clientHeadersOf(error),
    extensions,
    exposed,
  };
}

/** Never throws: whatever goes wrong while deciding falls back to a plain 500. */
export function normalizeWith(settings: Settings, error: unknown, request: RequestLike): Problem {
  try {
    return decide(settings, error, request);
  } catch {
    return {
      status: 500,
      code: 'internal_server_error',
      title: reasonPhrase(500),
      detail: genericDetail(500),
      type: settings.typeBaseUrl === undefined ? 'about:blank' : `${settings.typeBaseUrl}internal_server_error`,
      instance: safeInstance(request),
      fieldErrors: [],
      headers: {},
      extensions: {},
      exposed: false,
    };
  }
}
