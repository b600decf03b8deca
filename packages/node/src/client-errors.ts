// Node's HTTP parser refuses some requests before any framework sees them: a malformed request
// line or header (400), a header block over the limit (431, RFC 6585 section 5), a request that
// took too long to arrive (408), and an `Expect` it does not know (417, RFC 9110 section 10.1.1).
// By default it answers them with an empty body; these listeners answer them in the contract.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorContract, type ErrorContractOptions, problem, type RequestLike } from '@error-contract/core';
import { reasonPhrase, resolveContract } from '@error-contract/core/adapter';

/** What the parser's error code means for the client; anything else it refuses is a 400. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const DETAIL_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'The request is not valid HTTP.',
  408: 'The request did not arrive in time.',
  431: 'The request header fields are too large.',
  417: 'The Expect header asks for something this server does not do.',
};
// The start of a request line, to name the path in `instance` and a HEAD in the framing.
const REQUEST_LINE = /^([A-Z]{1,20}) (\/[^ \r\n]{0,2048}) HTTP\/1\.[01]\r?\n/;

/** The method and path of what the client sent, when its first line can be read; else `GET /`. */
function requestOf(rawPacket: unknown): RequestLike {
  const text = rawPacket instanceof Uint8Array ? Buffer.from(rawPacket.subarray(0, 2100)).toString('latin1') : '';
  const line = REQUEST_LINE.exec(text);
  return { method: line?.[1] ?? 'GET', path: line?.[2] ?? '/', headers: {} };
}

function serialise(status: number, headers: Record<string, string>, body: string | null): string {
  const lines = [`HTTP/1.1 ${status} ${reasonPhrase(status)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  // The connection cannot be trusted to frame another request after a parse error.
  lines.push(`content-length: ${body === null ? 0 : Buffer.byteLength(body)}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/**
 * A `'clientError'` listener that answers the parser's refusals in the contract (400, 408, 431)
 * and closes the connection. A reset or unwritable socket is only destroyed.
 *
 * @example
 * server.on('clientError', clientErrorListener(contract));
 */
export function clientErrorListener(contract: ErrorContract): (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => void {
  return function errorContractClientError(error, socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = STATUS_BY_CODE[error.code ?? ''] ?? 400;
    const request = requestOf(error.rawPacket);
    const response = contract.respond(problem(status, DETAIL_BY_STATUS[status]), request);
    socket.end(serialise(response.status, response.headers, response.body));
  };
}

/**
 * A `'checkExpectation'` listener: an `Expect` other than `100-continue` is answered 417 in the
 * contract instead of Node's empty 417.
 *
 * @example
 * server.on('checkExpectation', expectationListener(contract));
 */
export function expectationListener(contract: ErrorContract): (req: IncomingMessage, res: ServerResponse) => void {
  return function errorContractExpectation(req, res) {
    const response = contract.respond(problem(417, DETAIL_BY_STATUS[417]), { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    const length = response.body === null ? 0 : Buffer.byteLength(response.body);
    res.writeHead(response.status, { ...response.headers, 'content-length': String(length), connection: 'close' });
    res.end(response.body ?? undefined);
  };
}

/**
 * Answers, on a Node `http.Server`, what Node refuses before any framework runs, in the error
 * contract: a malformed request (400), an over-large header block (431), a slow request (408), an
 * unknown `Expect` (417). Takes a contract from `createErrorContract`, or its options; use the same
 * options as the app's, so these answers have the app's shape. Returns the server.
 *
 * @example
 * import { answerClientErrors } from '@error-contract/node';
 *
 * const server = app.listen(3000); // Express or Koa; with Hono, what serve() returns
 * answerClientErrors(server, contract);
 */
export function answerClientErrors<S extends Server>(server: S, contractOrOptions: ErrorContract | ErrorContractOptions = {}): S {
  if (server === null || typeof server !== 'object' || typeof (server as Partial<Server>).on !== 'function') {
    throw new TypeError('@error-contract/node: answerClientErrors(server, contract) needs a Node http.Server first.');
  }
  const contract = resolveContract(contractOrOptions);
  server.on('clientError', clientErrorListener(contract));
  server.on('checkExpectation', expectationListener(contract));
  return server;
}
