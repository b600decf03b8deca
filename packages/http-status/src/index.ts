// One table of the error statuses (and the W3C traceparent reader, trace-context.ts), bundled into
// @error-contract/core and @error-contract/client at build time, so the client reads codes and
// trace ids as core writes them without depending on core.

// Reason phrases of RFC 9110 section 15 (and the registered 4xx/5xx extensions), written out
// here rather than imported so that core needs no Node module and stays in a browser bundle.
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/**
 * The reason phrase of an error status (`404` -> `Not Found`); unregistered ones get the class name.
 *
 * @example
 * reasonPhrase(429); // 'Too Many Requests'
 */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status < 500 ? 'Client Error' : 'Server Error');
}

/**
 * The default code of a status: its reason phrase in lower_snake_case (`405` -> `method_not_allowed`).
 * Not cached here (the client calls it once per error, and every byte ships to browsers); core
 * keeps its own cache.
 *
 * @example
 * codeForStatus(404); // 'not_found'
 */
export function codeForStatus(status: number): string {
  // every phrase starts and ends with a letter, so no underscore leads or trails
  return reasonPhrase(status).replace(/'/g, '').replace(/\W+/g, '_').toLowerCase();
}

export { traceIdOfTraceparent } from './trace-context.js';
