// An error body against what the API's own document declares for that operation and status: the
// response (the exact status, else `4XX`/`5XX`, else `default`), its media type, its required
// headers, and its schema, validated with ajv (JSON Schema 2020-12 for OpenAPI 3.1, draft 7 with
// `nullable` read for 3.0). A body that breaks its own API's declared schema is a failure, with the
// schema path that broke.
import AjvDraft7, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ResponseSnapshot } from '../snapshot.js';
import { codesOfResponse } from './declared-codes.js';
import { escapePointer, type OpenApiDocument, resolved, resolveRef } from './document.js';
import type { Operation } from './operations.js';

type Json = Record<string, unknown>;

/**
 * What the document's declaration says of one answer: failures, and notes that fail nothing (a
 * status the operation does not declare, a declaration without a schema).
 *
 * @example
 * const { problems, notes }: DeclaredCheck = checkDeclared(checker, operation, answer);
 */
export interface DeclaredCheck {
  problems: string[];
  notes: string[];
}

/**
 * Validates bodies against one document's schemas; compiled once per schema.
 *
 * @example
 * const checker = declaredChecker(doc);
 * checkDeclared(checker, operation, { status: 404, headers, text });
 */
export interface DeclaredChecker {
  doc: OpenApiDocument;
  validatorAt(pointer: string): ValidateFunction | string;
  /** Where a schema object (an ajv error's `parentSchema`) is in the document. */
  pointerOf(schema: unknown): string | undefined;
}

const DOC_ID = 'urn:error-contract:openapi';
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAPI 3.0's `nullable: true` as JSON Schema's `type: [..., 'null']`, on a copy. */
function nullableRead(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableRead);
  if (!isObject(value)) return value;
  const copy: Json = {};
  for (const [key, member] of Object.entries(value)) copy[key] = nullableRead(member);
  if (copy.nullable === true && typeof copy.type === 'string') copy.type = [copy.type, 'null'];
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

/** Every object of the document by identity, with its JSON pointer: how an ajv error's schema is located. */
function pointersOf(value: unknown, pointer = '#', into = new Map<object, string>()): Map<object, string> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.set(value, pointer);
  for (const [key, member] of Object.entries(value)) pointersOf(member, `${pointer}/${escapePointer(key)}`, into);
  return into;
}

function ajvFor(doc: OpenApiDocument, raw: Json): AjvDraft7 {
  // strict off: OpenAPI adds keywords of its own (`example`, `discriminator`, `xml`) to schemas;
  // verbose: each error carries the schema object it broke, which `pointersOf` locates
  const options = { strict: false, allErrors: true, logger: false, verbose: true } as const;
  const ajv = doc.version === '3.1' ? new Ajv2020(options) : new AjvDraft7(options);
  // ajv-formats is CommonJS with a default export; under ESM interop the function may sit one level down
  const formats = addFormats as unknown as { default?: (ajv: AjvDraft7) => void } & ((ajv: AjvDraft7) => void);
  (formats.default ?? formats)(ajv);
  // a 3.1 document may set `$schema`/`jsonSchemaDialect`: the schemas are read as 2020-12 all the same
  ajv.addSchema({ ...raw, $schema: undefined, $id: DOC_ID });
  return ajv;
}

/**
 * A checker for one document; nothing is compiled until a body is checked.
 *
 * @example
 * const checker = declaredChecker(readOpenApi(text, 'openapi.json'));
 */
export function declaredChecker(doc: OpenApiDocument): DeclaredChecker {
  let ajv: AjvDraft7 | undefined;
  let pointers: Map<object, string> | undefined;
  const compiled = new Map<string, ValidateFunction | string>();
  const raw = doc.version === '3.0' ? (nullableRead(doc.raw) as Json) : doc.raw;
  return {
    doc,
    pointerOf(schema) {
      pointers ??= pointersOf(raw);
      return typeof schema === 'object' && schema !== null ? pointers.get(schema) : undefined;
    },
    validatorAt(pointer) {
      const known = compiled.get(pointer);
      if (known !== undefined) return known;
      let validator: ValidateFunction | string;
      try {
        ajv ??= ajvFor(doc, raw);
        validator = ajv.getSchema(`${DOC_ID}${pointer}`) ?? `no schema at ${pointer}`;
      } catch (error) {
        validator = `the schema at ${pointer} does not compile: ${(error as Error).message}`;
      }
      compiled.set(pointer, validator);
      return validator;
    },
  };
}

/**
 * The response an operation declares for a status: the exact code, else its class (`4XX`), else
 * `default`; with the key it was found under.
 *
 * @example
 * declaredResponse(doc, operation, 405); // { key: '405', response: { description, content } }
 */
export function declaredResponse(doc: OpenApiDocument, operation: Operation, status: number): { key: string; response: Json; pointer: string } | undefined {
  const { responses } = operation;
  const key = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find((name) => name in responses);
  if (key === undefined) return undefined;
  const start = `${operation.pointer}/responses/${escapePointer(key)}`;
  const { value, pointer } = resolveRef(doc, responses[key], start);
  return isObject(value) ? { key, response: value, pointer } : undefined;
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The declared media type matching the answer's: exact, then `type/*`, then `*\/*`. */
function matchingMedia(content: Json, mediaType: string): string | undefined {
  const keys = Object.keys(content);
  const plain = (key: string) => mediaTypeOf(key);
  return keys.find((key) => plain(key) === mediaType) ?? keys.find((key) => plain(key) === `${mediaType.split('/')[0]}/*`) ?? keys.find((key) => plain(key) === '*/*');
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
  parentSchema?: unknown;
}

/** One ajv error as a sentence: where in the body, what is wrong, and the schema path that broke. */
function describeError(checker: DeclaredChecker, error: AjvError): string {
  const where = error.instancePath === '' ? 'the body' : error.instancePath;
  const extra = typeof error.params?.additionalProperty === 'string' ? ` (${error.params.additionalProperty})` : '';
  const parent = checker.pointerOf(error.parentSchema);
  const schemaPath = parent === undefined ? error.schemaPath.replace(DOC_ID, '') : `${parent}/${error.keyword}`;
  return `${where} ${error.message ?? 'is invalid'}${extra} (schema ${schemaPath})`;
}

/**
 * The codes an error body carries: its `code` (detailed), its errors' codes (compact); a body
 * given as text is parsed first.
 *
 * @example
 * answeredCodes('{"errors":[{"code":"not_found","message":"No widget 7."}]}'); // ['not_found']
 */
export function answeredCodes(body: unknown): string[] {
  if (typeof body === 'string') body = parseJson(body)?.value;
  if (!isObject(body)) return [];
  if (typeof body.code === 'string') return [body.code];
  if (!Array.isArray(body.errors)) return [];
  return [...new Set(body.errors.flatMap((element) => (isObject(element) && typeof element.code === 'string' ? [element.code] : [])))];
}

/** Whether the operation declares any error response: a document that declares none is not held to its statuses. */
function declaresErrors(operation: Operation): boolean {
  return Object.keys(operation.responses).some((status) => /^[45]/.test(status) || status === 'default');
}

/**
 * The document's answers to requests that match no operation (`x-unmatched-responses`, as
 * `withErrorResponses` writes it): the response for a status, with its pointer.
 *
 * @example
 * unmatchedResponse(doc, 405); // { key: '405', response: { description, headers: { Allow }, content }, pointer: '#/x-unmatched-responses/405' }
 */
export function unmatchedResponse(doc: OpenApiDocument, status: number): { key: string; response: Json; pointer: string } | undefined {
  const unmatched = doc.raw['x-unmatched-responses'];
  if (!isObject(unmatched) || unmatched[String(status)] === undefined) return undefined;
  const { value, pointer } = resolveRef(doc, unmatched[String(status)], `#/x-unmatched-responses/${status}`);
  return isObject(value) ? { key: String(status), response: value, pointer } : undefined;
}

/**
 * Checks one error answer against the operation's declared response for its status: a status the
 * operation does not declare fails (where it declares any error response), a code its schema
 * does not name fails with that code named, and the body must match the schema.
 *
 * @example
 * const { problems } = checkDeclared(checker, operation, { status: 404, headers: { 'content-type': 'application/json' }, text: '{"errors":[]}' });
 * // ['the body breaks the declared 404 response (application/json): /errors must NOT have fewer than 1 items (schema #/components/schemas/CompactErrors/properties/errors/minItems)']
 */
export function checkDeclared(checker: DeclaredChecker, operation: Operation, answer: ResponseSnapshot): DeclaredCheck {
  const { doc } = checker;
  const found = declaredResponse(doc, operation, answer.status);
  const label = `${operation.method} ${operation.path}`;
  if (found === undefined) {
    const sentence = `${answer.status} is not among the responses the document declares for ${label}`;
    const code = answeredCodes(parseJson(answer.text)?.value)[0];
    const named = code === undefined ? sentence : `${sentence} (it answered \`${code}\`)`;
    return declaresErrors(operation) ? { problems: [named], notes: [] } : { problems: [], notes: [`${sentence}, which declares no error response`] };
  }
  return checkAgainst(checker, found, label, answer);
}

/**
 * Checks an answer against a response found for it: its headers, media type, codes and schema.
 *
 * @example
 * const found = unmatchedResponse(doc, 404);
 * if (found !== undefined) checkAgainst(checker, found, 'a path the document does not have', answer);
 */
export function checkAgainst(checker: DeclaredChecker, found: { key: string; response: Json; pointer: string }, label: string, answer: ResponseSnapshot): DeclaredCheck {
  const { doc } = checker;
  const problems: string[] = [];
  const notes: string[] = [];
  const headers = isObject(found.response.headers) ? found.response.headers : {};
  for (const [name, rawHeader] of Object.entries(headers)) {
    const header = resolved(doc, rawHeader);
    if (header?.required === true && answer.headers[name.toLowerCase()] === undefined) problems.push(`the declared ${found.key} response requires the ${name} header, got none`);
  }
  const content = found.response.content;
  if (!isObject(content) || Object.keys(content).length === 0) {
    if (answer.text !== '') notes.push(`the declared ${found.key} response has no content: its body is not checked against a schema`);
    return { problems, notes };
  }
  const mediaType = mediaTypeOf(answer.headers['content-type']);
  const key = matchingMedia(content, mediaType);
  if (key === undefined) {
    problems.push(`Content-Type ${mediaType || 'none'} is not declared for the ${found.key} response of ${label} (declared: ${Object.keys(content).join(', ')})`);
    return { problems, notes };
  }
  const media = content[key];
  if (!isObject(media) || media.schema === undefined) {
    notes.push(`the declared ${found.key} response (${key}) has no schema`);
    return { problems, notes };
  }
  const body = parseJson(answer.text);
  // a body that is no JSON already fails the contract's own checks: nothing more to say here
  if (body === undefined) return { problems, notes };
  // drift: a code the declaration does not name, said as such rather than as a schema's `const`
  const declared = codesOfResponse(doc, found.response);
  const undeclared = declared === undefined ? [] : answeredCodes(body.value).filter((code) => !declared.includes(code));
  if (undeclared.length > 0) {
    const codes = undeclared.map((code) => `\`${code}\``).join(', ');
    problems.push(`${label} answered ${answer.status} with ${codes}, which its document does not declare for ${found.key} (declared: ${declared!.join(', ')})`);
    return { problems, notes };
  }
  const validate = checker.validatorAt(`${found.pointer}/content/${escapePointer(key)}/schema`);
  if (typeof validate === 'string') {
    notes.push(validate);
    return { problems, notes };
  }
  if (!validate(body.value)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => describeError(checker, error as AjvError));
    problems.push(`the body breaks the declared ${found.key} response (${key}) of ${label}: ${errors.join('; ')}`);
  }
  return { problems, notes };
}
