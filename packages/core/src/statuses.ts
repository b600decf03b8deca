// Reason phrases of RFC 9110 section 15 (and the registered 4xx/5xx extensions), written out
// here rather than imported so that core needs no Node module and stays in a browser bundle.
const REASON_PHRASES: Readonly<Record<number, string>> = {
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

// What a client is told when the error's own message may not be shown.
const GENERIC_DETAILS: Readonly<Record<number, string>> = {
  400: 'The request is not formatted properly.',
  401: 'The request requires authentication.',
  403: 'The request is not permitted.',
  404: 'The requested resource was not found.',
  405: 'The method is not supported by the addressed resource.',
  406: 'The request must accept a JSON response, e.g. Accept: application/json.',
  413: 'The request body is too large.',
  415: 'The request body has an unsupported media type or encoding.',
  429: 'Too many requests; the rate limit is exceeded.',
  500: 'The service failed to process the request.',
};

/**
 * The statuses of the service's error specification: a ready allow-list for the `statuses` option.
 *
 * @example
 * const contract = createErrorContract({ statuses: SPEC_STATUSES }); // a 409 is sent as 400
 */
export const SPEC_STATUSES: readonly number[] = Object.freeze([400, 401, 403, 404, 405, 406, 429, 500]);

/** Whether `value` is an integer error status (400..599). */
export function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/**
 * The reason phrase of an error status (`404` -> `Not Found`); unregistered ones get the class name.
 *
 * @example
 * reasonPhrase(429); // 'Too Many Requests'
 */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status < 500 ? 'Client Error' : 'Server Error');
}

const CODES = new Map<number, string>();

/**
 * The default code of a status: its reason phrase in lower_snake_case (`405` -> `method_not_allowed`).
 *
 * @example
 * codeForStatus(404); // 'not_found'
 */
export function codeForStatus(status: number): string {
  let code = CODES.get(status);
  if (code === undefined) {
    code = reasonPhrase(status)
      .toLowerCase()
      .replace(/'/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
    CODES.set(status, code);
  }
  return code;
}

/** A sentence for the client that says nothing about the error itself. */
export function genericDetail(status: number): string {
  return GENERIC_DETAILS[status] ?? `${reasonPhrase(status)}.`;
}
