// A raw HTTP/1.1 exchange over node:net: the bytes are sent exactly as given (malformed request
// lines, lone LFs, NUL bytes, conflicting lengths), which neither fetch nor node:http would send.
import { connect } from 'node:net';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

export interface RawAnswer {
  /** 0 when the server closed without a status line. */
  status: number;
  /** Lower-case names; repeated ones joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
  /** Everything received, head included, as latin1 text: what a leak check must search. */
  raw: string;
}

/** How to send: in pieces with a pause between them, or stopping early. */
export interface SendPlan {
  /** Pause between pieces, in ms. */
  gapMs?: number;
  /** Destroy the socket right after the last piece is written, without reading. */
  abort?: boolean;
  /** End our side after writing (a truncated body then reads as the end of the request). */
  halfClose?: boolean;
}

// a hang is a failure, but an answer from a server process on a loaded machine can take seconds
const TIMEOUT_MS = PROCESS_WAIT_MS;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Drops interim answers (`100 Continue`): the final one is what the case is about. */
function withoutInterim(received: Buffer): Buffer {
  let rest = received;
  while (/^HTTP\/1\.[01] 1\d\d /.test(rest.subarray(0, 16).toString('latin1'))) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    rest = rest.subarray(end + 4);
  }
  return rest;
}

function parse(everything: Buffer): RawAnswer {
  const received = withoutInterim(everything);
  const raw = received.toString('latin1');
  const headEnd = received.indexOf('\r\n\r\n');
  if (!raw.startsWith('HTTP/1.') || headEnd === -1) return { status: 0, headers: {}, body: Buffer.alloc(0), raw };
  const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = received.subarray(headEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body, raw };
}

/**
 * Sends `pieces` to 127.0.0.1:`port` and reads until the server closes (requests carry
 * `Connection: close`; Node's own refusals close too). Rejects after PROCESS_WAIT_MS: a hang is a failure.
 */
export function exchange(port: number, pieces: Array<string | Buffer>, plan: SendPlan = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer in ${TIMEOUT_MS} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`));
    }, TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {
      // a reset after the answer is how some refusals end; what arrived is judged below
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks)));
    });
    socket.once('connect', async () => {
      for (const [index, piece] of pieces.entries()) {
        if (index > 0 && plan.gapMs !== undefined) await sleep(plan.gapMs);
        if (socket.destroyed) return;
        socket.write(piece);
      }
      if (plan.abort === true) {
        socket.destroy();
        return;
      }
      if (plan.halfClose === true) socket.end();
    });
  });
}
