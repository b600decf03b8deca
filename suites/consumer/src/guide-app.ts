// A guide's complete app, read from its page as a reader reads it: the section "A complete app" has
// the install line, the app's files (blocks titled with their path: ` ```js [server.mjs] `), the
// command that starts it and the requests to try (`curl` lines), each followed by the answer the
// page promises (an `http` block: status line, the headers that matter, the body).
import { readFileSync } from 'node:fs';

export interface AppFile {
  path: string;
  code: string;
}

export interface TriedRequest {
  /** 1-based line of the `curl` command on the page. */
  line: number;
  curl: string;
  method: string;
  /** The URL as written (`http://127.0.0.1:3000/api/widgets/7`). */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  expected: { status: number; headers: Array<[string, string]>; body: string };
}

export interface GuideApp {
  /** The page's path relative to the repository. */
  page: string;
  /** 1-based line of the section's heading. */
  line: number;
  /** The packages of the `npm install` lines, as written (`express@5`, `@error-contract/express`). */
  install: string[];
  files: AppFile[];
  /** The commands after the install that start the app: each runs to its end but the last, which serves. */
  start: string[];
  requests: TriedRequest[];
}

/** The heading every framework guide starts with. */
export const COMPLETE_APP_HEADING = '## A complete app';

/**
 * The complete app of a guide, or undefined when the page has no such section.
 * @example completeApp('/repo/docs/guides/express.md', '/repo')?.start // ['node server.mjs']
 */
export function completeApp(path: string, root: string): GuideApp | undefined {
  const lines = readFileSync(path, 'utf8').split('\n');
  const heading = lines.indexOf(COMPLETE_APP_HEADING);
  if (heading === -1) return undefined;
  let end = lines.findIndex((line, index) => index > heading && /^## /.test(line));
  if (end === -1) end = lines.length;
  const app: GuideApp = { page: path.slice(root.length + 1), line: heading + 1, install: [], files: [], start: [], requests: [] };
  let pending: Omit<TriedRequest, 'expected'> | undefined;
  for (let i = heading + 1; i < end; i += 1) {
    const open = /^```(\w+)(?:\s+\[(.+)\])?\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < end && !/^```\s*$/.test(lines[i] ?? ''); i += 1) body.push(lines[i] ?? '');
    const [, language, file] = open;
    if (file !== undefined) {
      app.files.push({ path: file, code: `${body.join('\n')}\n` });
    } else if (language === 'sh') {
      for (const [offset, command] of joinContinuations(body)) {
        if (command === '' || command.startsWith('#')) continue;
        if (/^npm (?:install|i) /.test(command)) {
          app.install.push(...words(command).slice(2).filter((word) => !word.startsWith('-')));
        } else if (/^curl /.test(command)) {
          if (pending) throw new Error(`${app.page}:${pending.line}: a curl without its answer (an http block after it)`);
          pending = { line: start + 2 + offset, curl: command, ...curlRequest(command) };
        } else {
          if (app.requests.length > 0 || pending) throw new Error(`${app.page}:${start + 1}: a command after the requests`);
          app.start.push(command);
        }
      }
    } else if (language === 'http') {
      if (!pending) throw new Error(`${app.page}:${start + 1}: an answer without its curl`);
      app.requests.push({ ...pending, expected: answer(body) });
      pending = undefined;
    }
  }
  if (pending) throw new Error(`${app.page}:${pending.line}: a curl without its answer (an http block after it)`);
  return app;
}

// `a \` + newline + `b` is one command; each with its line's offset in the block
function joinContinuations(body: string[]): Array<[number, string]> {
  const commands: Array<[number, string]> = [];
  let current: [number, string] | undefined;
  body.forEach((line, index) => {
    const text = line.trim();
    current = current ? [current[0], `${current[1]} ${text.replace(/\\$/, '').trim()}`] : [index, text.replace(/\\$/, '').trim()];
    if (!text.endsWith('\\')) {
      commands.push(current);
      current = undefined;
    }
  });
  if (current) commands.push(current);
  return commands;
}

/** A shell line's words, with '...' and "..." quoting as sh reads them (no expansion is used). */
export function words(command: string): string[] {
  const out: string[] = [];
  let word = '';
  let quote: string | undefined;
  let started = false;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) out.push(word);
      word = '';
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (quote) throw new Error(`An unclosed quote in: ${command}`);
  if (started) out.push(word);
  return out;
}

/**
 * The request a `curl` line sends, as curl sends it: `-X`, `-H`, `-d` (a POST, form-encoded unless
 * a header says otherwise), and curl's own `Accept: *\/*`.
 * @example curlRequest("curl -i -X DELETE http://127.0.0.1:3000/api/widgets").method // 'DELETE'
 */
export function curlRequest(command: string): Pick<TriedRequest, 'method' | 'url' | 'headers' | 'body'> {
  const args = words(command).slice(1);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '-X' || arg === '--request') method = args[(i += 1)];
    else if (arg === '-H' || arg === '--header') {
      const header = args[(i += 1)] ?? '';
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (arg === '-d' || arg === '--data' || arg === '--data-raw') body = args[(i += 1)];
    else if (arg === '-i' || arg === '-s' || arg === '-si' || arg === '--include' || arg === '--silent') continue;
    else if (/^https?:\/\//.test(arg)) url = arg;
    else throw new Error(`curl's ${arg} is not read by the guide apps' test: ${command}`);
  }
  if (url === undefined) throw new Error(`A curl without a URL: ${command}`);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  headers.accept ??= '*/*';
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

// HTTP/1.1 404 Not Found / name: value ... / blank / body
function answer(lines: string[]): TriedRequest['expected'] {
  const status = /^HTTP\/[\d.]+ (\d{3})/.exec(lines[0] ?? '');
  if (!status) throw new Error(`An answer's first line is its status line: ${lines[0]}`);
  const blank = lines.indexOf('', 1);
  const headerLines = lines.slice(1, blank === -1 ? lines.length : blank);
  return {
    status: Number(status[1]),
    headers: headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    }),
    body: blank === -1 ? '' : lines.slice(blank + 1).join('\n').trim(),
  };
}
