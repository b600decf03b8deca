// `error-contract probe <base-url> [options]` and `error-contract docs <module> <dir> [export-name]`,
// read into plain options. Every mistake is a UsageError with one sentence; the CLI prints it and
// exits 2.
import { parseArgs as parseNodeArgs } from 'node:util';
import { parseBytes } from '../bytes.js';
import { parseBaseUrl } from '../transport.js';

/** A mistake in the command line: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A route given with `--route 'GET /widgets'`. */
export interface RouteArg {
  method: string;
  path: string;
}

/** What `probe` runs with. */
export interface ProbeOptions {
  baseUrl: URL;
  headers: Record<string, string>;
  routes: RouteArg[];
  strictAccept: boolean;
  /**
   * `--body-limit` (or its old name `--max-body`): the API's body limit in bytes. Only when it is
   * given (or the document states one) is an over-large body required to be 413.
   */
  bodyLimitBytes?: number;
  /** `--strict-content-type`: every operation that takes JSON answers 415 to a text/plain body. */
  strictContentType: boolean;
  /**
   * `--forbidden-header`: the headers of an identity without the right (lower-case names): where
   * the document declares 403 `forbidden`, the operation is sent with these over `headers`.
   */
  forbiddenHeaders?: Record<string, string>;
  json: boolean;
  timeoutMs: number;
  /** `--openapi`: the document's URL or file; without it (and without --route) it is looked for. */
  openapi?: string;
  /** `--write`: allow probes that send a body or a method other than GET, HEAD and OPTIONS. */
  write: boolean;
  /** `--max-requests`: the most requests the run sends (default 200). */
  maxRequests: number;
  /** `--rps`: the most requests a second (default 10). */
  rps: number;
  /** `--junit`: where to write the JUnit XML report. */
  junit?: string;
}

/** What `docs` runs with. */
export interface DocsOptions {
  /** The module exporting the contract, as given (resolved against the working directory). */
  module: string;
  /** Where the pages are written. */
  dir: string;
  /** The export holding the contract, or a function returning it; without one, `contract`, else `default`. */
  exportName?: string;
}

export type Command = { command: 'help' } | { command: 'probe'; options: ProbeOptions } | { command: 'docs'; options: DocsOptions };

export const USAGE = `Usage: error-contract probe <base-url> [options]
       error-contract docs <module> <output-dir> [export-name]

Sends probes to a live API and checks each answer against the error contract. The routes come
from the API's OpenAPI document (--openapi, else looked for at /openapi.json, /openapi.yaml,
/docs/json and /swagger.json below the base URL and at its origin), or from --route.

Options:
  -H, --header 'Name: value'  a header sent with every probe (repeatable), e.g. a token; the
                              only source of credentials
  --openapi <url or file>     the API's OpenAPI 3.0 or 3.1 document (JSON or YAML)
  --write                     allow the probes that send a body or a method other than GET,
                              HEAD and OPTIONS (405 by PUT, 400, 413, 415, 401 on a POST...)
  --max-requests <n>          send at most n requests in all (default 200)
  --rps <n>                   send at most n requests a second (default 10)
  --route 'METHOD /path'      a route of the API, below the base URL (repeatable), instead of a
                              document: a GET route is probed for 404/405/406, a POST/PUT/PATCH
                              route for 400, 413 and 415
  --strict-accept             the API answers 406 to a missing or non-JSON Accept: a success fails
  --body-limit <size>         the API's body limit, e.g. 100kb (--max-body is its old name): a
                              body 1 kB over it must be 413. Without it (and without x-body-limit
                              in the document) an over-large body is only held to the contract
  --strict-content-type       every operation that takes JSON answers 415 to a text/plain body
                              (without it, only the operations whose document declares a 415)
  --forbidden-header 'Name: value'
                              a header of an identity without the right (repeatable), e.g. a
                              reader's token: each operation whose document declares 403
                              forbidden is sent with it and must answer 403 forbidden
  --timeout <time>            per probe, e.g. 10s or 500ms (default 10s)
  --json                      print the results as JSON
  --junit <file>              also write the results as JUnit XML
  -h, --help                  show this help

Exit code: 0 the API keeps the contract in every probe checked, 1 the API breaks the contract,
2 a usage error, a document that cannot be read, or an API that cannot be reached, 3 not enough
to judge: no probe failed, but without an OpenAPI document or --route (or with no probe checked)
the probe cannot tell whether the API keeps the contract.

docs: writes the docs pages of the contract that <module> exports (as "contract", as
[export-name], or as default; a createErrorContract() result or a function returning one) into
<output-dir>: index.html and one <code>.html per code. Exit code: 0 written, 2 a usage error, a
module without a contract, or a failed write.`;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!TOKEN.test(name)) throw new UsageError(`-H takes 'Name: value', got ${JSON.stringify(text)}`);
  return [name.toLowerCase(), text.slice(colon + 1).trim()];
}

function parseRoute(text: string): RouteArg {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(text);
  if (match === null) throw new UsageError(`--route takes 'METHOD /path', got ${JSON.stringify(text)}`);
  return { method: match[1]!.toUpperCase(), path: match[2]! };
}

function parseTimeout(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(text.trim());
  const ms = match === null ? NaN : Number(match[1]) * (match[2] === 'ms' ? 1 : 1000);
  if (!(ms > 0)) throw new UsageError(`--timeout takes a time such as 10s or 500ms, got ${JSON.stringify(text)}`);
  return ms;
}

/** `docs <module> <dir> [export-name]`: positionals only, none of probe's options. */
function parseDocs(positionals: string[], values: Record<string, unknown>): Command {
  const option = Object.keys(values).find((name) => values[name] !== undefined);
  if (option !== undefined) throw new UsageError(`docs takes no option --${option}`);
  const [module, dir, exportName, ...rest] = positionals;
  if (module === undefined || dir === undefined) throw new UsageError('docs needs the module that exports the contract and the output directory, e.g. docs ./dist/contract.js public/errors');
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  return { command: 'docs', options: { module, dir, exportName } };
}

/**
 * Reads the command line (without `node` and the script).
 *
 * @example
 * parseCommand(['probe', 'http://127.0.0.1:3000/api', '-H', 'Authorization: Bearer t', '--route', 'GET /widgets']);
 */
export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseNodeArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        header: { type: 'string', short: 'H', multiple: true },
        route: { type: 'string', multiple: true },
        'strict-accept': { type: 'boolean' },
        'max-body': { type: 'string' },
        'body-limit': { type: 'string' },
        'strict-content-type': { type: 'boolean' },
        'forbidden-header': { type: 'string', multiple: true },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        openapi: { type: 'string' },
        write: { type: 'boolean' },
        'max-requests': { type: 'string' },
        rps: { type: 'string' },
        junit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { command: 'help' };
  const [command, base, ...rest] = positionals;
  if (command === 'docs') return parseDocs(positionals.slice(1), values);
  if (command !== 'probe') throw new UsageError(command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`);
  if (base === undefined) throw new UsageError('probe needs the base URL of the API, e.g. http://127.0.0.1:3000');
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);

  let baseUrl: URL;
  try {
    baseUrl = parseBaseUrl(base);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values['body-limit'] !== undefined && values['max-body'] !== undefined) throw new UsageError('--body-limit and --max-body are the same option: give one');
  const limitFlag = values['body-limit'] === undefined ? 'max-body' : 'body-limit';
  const limitText = values[limitFlag];
  const bodyLimitBytes = limitText === undefined ? undefined : parseBytes(limitText);
  if (limitText !== undefined && bodyLimitBytes === undefined) throw new UsageError(`--${limitFlag} takes a size such as 100kb or 1mb, got ${JSON.stringify(limitText)}`);
  if (values.openapi !== undefined && values.route !== undefined) throw new UsageError('--openapi and --route both name the routes: give one');
  if (values.openapi === '') throw new UsageError('--openapi takes the URL or the file of the OpenAPI document');
  const maxRequests = Number(values['max-requests'] ?? '200');
  if (!Number.isInteger(maxRequests) || maxRequests < 1) throw new UsageError(`--max-requests takes a whole number of requests, 1 or more, got ${JSON.stringify(values['max-requests'])}`);
  const rps = Number(values.rps ?? '10');
  if (!(rps > 0) || !Number.isFinite(rps)) throw new UsageError(`--rps takes a number of requests a second above 0, got ${JSON.stringify(values.rps)}`);
  if (values.junit === '') throw new UsageError('--junit takes the file to write the JUnit XML report to');
  return {
    command: 'probe',
    options: {
      baseUrl,
      headers: Object.fromEntries((values.header ?? []).map(parseHeader)),
      routes: (values.route ?? []).map(parseRoute),
      strictAccept: values['strict-accept'] === true,
      ...(bodyLimitBytes === undefined ? {} : { bodyLimitBytes }),
      strictContentType: values['strict-content-type'] === true,
      ...(values['forbidden-header'] === undefined ? {} : { forbiddenHeaders: Object.fromEntries(values['forbidden-header'].map(parseHeader)) }),
      json: values.json === true,
      timeoutMs: values.timeout === undefined ? 10_000 : parseTimeout(values.timeout),
      ...(values.openapi === undefined ? {} : { openapi: values.openapi }),
      write: values.write === true,
      maxRequests,
      rps,
      ...(values.junit === undefined ? {} : { junit: values.junit }),
    },
  };
}
