// Every dialect a real API sends, read into the same ApiError. The bodies are written after the
// examples of each dialect's public documentation (RFC 7807 section 3, RFC 9457 sections 3 and 3.1,
// ASP.NET Core's ValidationProblemDetails, jsonapi.org/format#errors and /examples, Google's AIP-193
// and google.rpc.BadRequest, Stripe's API errors, GitHub's REST "client errors", Zalando's
// constraint-violation problem, the GraphQL specification's "Errors" section), plus what proxies
// and frameworks answer in text and HTML.
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiFieldError, type Dialect, parseErrorBody } from '../src/index.js';

interface Expected {
  dialect: Dialect;
  code: string;
  message: string;
  fieldErrors?: ApiFieldError[];
  traceId?: string;
  /** Milliseconds. */
  retryAfter?: number;
}

type Row = [name: string, status: number, headers: Record<string, string>, body: unknown, expected: Expected];

const field = (name: string, pointer: string | undefined, detail: string): ApiFieldError => ({ field: name, pointer, detail });
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

const rows: Row[] = [
  // RFC 7807 / RFC 9457 problem details
  [
    'problem details: RFC 7807 invalid-params',
    400,
    { 'content-type': 'application/problem+json' },
    {
      type: 'https://example.net/validation-error',
      title: "Your request parameters didn't validate.",
      'invalid-params': [
        { name: 'age', reason: 'must be a positive integer' },
        { name: 'color', reason: "must be 'green', 'red' or 'blue'" },
      ],
    },
    {
      dialect: 'problem-details',
      code: 'bad_request',
      message: "Your request parameters didn't validate.",
      fieldErrors: [field('age', '/age', 'must be a positive integer'), field('color', '/color', "must be 'green', 'red' or 'blue'")],
    },
  ],
  [
    'problem details: RFC 9457 errors with URI-fragment pointers',
    422,
    { 'content-type': 'application/problem+json' },
    {
      type: 'https://example.net/validation-error',
      title: 'Your request is not valid.',
      errors: [
        { detail: 'must be a positive integer', pointer: '#/age' },
        { detail: "must be 'green', 'red' or 'blue'", pointer: '#/profile/color' },
      ],
    },
    {
      dialect: 'problem-details',
      code: 'unprocessable_entity',
      message: 'Your request is not valid.',
      fieldErrors: [field('age', '/age', 'must be a positive integer'), field('profile.color', '/profile/color', "must be 'green', 'red' or 'blue'")],
    },
  ],
  [
    'problem details: RFC 9457 out-of-credit, traceparent header',
    403,
    { 'content-type': 'application/problem+json', traceparent: TRACEPARENT },
    {
      type: 'https://example.com/probs/out-of-credit',
      title: 'You do not have enough credit.',
      detail: 'Your current balance is 30, but that costs 50.',
      instance: '/account/12345/msgs/abc',
      balance: 30,
      accounts: ['/account/12345', '/account/67890'],
    },
    { dialect: 'problem-details', code: 'forbidden', message: 'Your current balance is 30, but that costs 50.', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' },
  ],
  [
    'problem details: about:blank 503 with Retry-After',
    503,
    { 'content-type': 'application/problem+json', 'retry-after': '120' },
    { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Down for maintenance until 10:00 UTC.' },
    { dialect: 'problem-details', code: 'service_unavailable', message: 'Down for maintenance until 10:00 UTC.', retryAfter: 120_000 },
  ],
  [
    "problem details: the contract's detailed shape",
    400,
    { 'content-type': 'application/problem+json' },
    {
      type: 'https://docs.example.com/errors/validation_failed',
      title: 'Validation Failed',
      status: 400,
      detail: 'The request has 2 invalid fields.',
      instance: '/api/client/v2/widgets',
      code: 'validation_failed',
      errors: [
        { field: 'name', detail: 'Required' },
        { field: 'items[0].price', detail: 'must be >= 0' },
      ],
      requestId: 'req-7f3a',
    },
    {
      dialect: 'problem-details',
      code: 'validation_failed',
      message: 'The request has 2 invalid fields.',
      fieldErrors: [field('name', '/name', 'Required'), field('items[0].price', '/items/0/price', 'must be >= 0')],
      traceId: 'req-7f3a',
    },
  ],

  // ASP.NET Core ValidationProblemDetails
  [
    'aspnet: model validation',
    400,
    { 'content-type': 'application/problem+json; charset=utf-8' },
    {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: {
        Name: ['The Name field is required.'],
        Email: ['The Email field is required.', 'The Email field is not a valid e-mail address.'],
      },
      traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    },
    {
      dialect: 'aspnet',
      code: 'bad_request',
      message: 'One or more validation errors occurred.',
      fieldErrors: [
        field('Name', '/Name', 'The Name field is required.'),
        field('Email', '/Email', 'The Email field is required.'),
        field('Email', '/Email', 'The Email field is not a valid e-mail address.'),
      ],
      traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    },
  ],
  [
    'aspnet: System.Text.Json paths',
    400,
    { 'content-type': 'application/problem+json; charset=utf-8' },
    {
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      traceId: '|8e2a3c5b-4c1d2e3f.',
      errors: {
        '$.quantity': ['The JSON value could not be converted to System.Int32. Path: $.quantity | LineNumber: 0 | BytePositionInLine: 17.'],
        'Items[0].Sku': ['The Sku field is required.'],
      },
    },
    {
      dialect: 'aspnet',
      code: 'bad_request',
      message: 'One or more validation errors occurred.',
      fieldErrors: [
        field('$.quantity', '/quantity', 'The JSON value could not be converted to System.Int32. Path: $.quantity | LineNumber: 0 | BytePositionInLine: 17.'),
        field('Items[0].Sku', '/Items/0/Sku', 'The Sku field is required.'),
      ],
      traceId: '|8e2a3c5b-4c1d2e3f.',
    },
  ],

  // JSON:API
  [
    'json-api: invalid attribute',
    422,
    { 'content-type': 'application/vnd.api+json' },
    {
      errors: [
        {
          status: '422',
          source: { pointer: '/data/attributes/firstName' },
          title: 'Invalid Attribute',
          detail: 'First name must contain at least two characters.',
        },
      ],
    },
    {
      dialect: 'json-api',
      code: 'unprocessable_entity',
      message: 'First name must contain at least two characters.',
      fieldErrors: [field('firstName', '/data/attributes/firstName', 'First name must contain at least two characters.')],
    },
  ],
  [
    'json-api: several errors with codes',
    422,
    { 'content-type': 'application/vnd.api+json', 'x-request-id': 'b2c9d1' },
    {
      jsonapi: { version: '1.1' },
      errors: [
        { code: '123', source: { pointer: '/data/attributes/firstName' }, title: 'Value is too short', detail: 'First name must contain at least two characters.' },
        {
          code: '225',
          source: { pointer: '/data/attributes/password' },
          title: 'Passwords must contain a letter, number, and punctuation character.',
          detail: 'The password provided is missing a punctuation character.',
        },
        { code: '226', source: { pointer: '/data/attributes/password' }, title: 'Password and password confirmation do not match.' },
      ],
    },
    {
      dialect: 'json-api',
      code: '123',
      message: 'First name must contain at least two characters.',
      fieldErrors: [
        field('firstName', '/data/attributes/firstName', 'First name must contain at least two characters.'),
        field('password', '/data/attributes/password', 'The password provided is missing a punctuation character.'),
        field('password', '/data/attributes/password', 'Password and password confirmation do not match.'),
      ],
      traceId: 'b2c9d1',
    },
  ],
  [
    'json-api: a query parameter',
    400,
    { 'content-type': 'application/vnd.api+json' },
    {
      errors: [
        {
          status: '400',
          source: { parameter: 'include' },
          title: 'Invalid Query Parameter',
          detail: 'The resource does not have an `author` relationship path.',
        },
      ],
    },
    {
      dialect: 'json-api',
      code: 'bad_request',
      message: 'The resource does not have an `author` relationship path.',
      fieldErrors: [field('include', undefined, 'The resource does not have an `author` relationship path.')],
    },
  ],

  // Google (AIP-193)
  [
    'google: INVALID_ARGUMENT with BadRequest and ErrorInfo',
    400,
    { 'content-type': 'application/json; charset=UTF-8' },
    {
      error: {
        code: 400,
        message: 'Request contains an invalid argument.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              { field: 'emailAddresses[1].email', description: 'Invalid email address.' },
              { field: 'fullName', description: 'Full name is required.', reason: 'REQUIRED_FIELD' },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INVALID_FIELD_VALUE', domain: 'people.googleapis.com' },
        ],
      },
    },
    {
      dialect: 'google',
      code: 'invalid_argument',
      message: 'Request contains an invalid argument.',
      fieldErrors: [field('emailAddresses[1].email', '/emailAddresses/1/email', 'Invalid email address.'), field('fullName', '/fullName', 'Full name is required.')],
    },
  ],
  [
    'google: PERMISSION_DENIED with ErrorInfo',
    403,
    { 'content-type': 'application/json; charset=UTF-8' },
    {
      error: {
        code: 403,
        message: 'The caller does not have permission',
        status: 'PERMISSION_DENIED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'translate.googleapis.com' } }],
      },
    },
    { dialect: 'google', code: 'permission_denied', message: 'The caller does not have permission' },
  ],
  [
    'google: RESOURCE_EXHAUSTED with Retry-After',
    429,
    { 'content-type': 'application/json; charset=UTF-8', 'retry-after': '30' },
    { error: { code: 429, message: "Quota exceeded for quota metric 'Read requests' of service 'sheets.googleapis.com'.", status: 'RESOURCE_EXHAUSTED' } },
    {
      dialect: 'google',
      code: 'resource_exhausted',
      message: "Quota exceeded for quota metric 'Read requests' of service 'sheets.googleapis.com'.",
      retryAfter: 30_000,
    },
  ],

  // Stripe
  [
    'stripe: card_declined, Request-Id header',
    402,
    { 'content-type': 'application/json', 'request-id': 'req_8Fv1kZq2Yc3Xa9' },
    {
      error: {
        charge: 'ch_3Mx1yZ2eZvKYlo2C0Qj8a1bC',
        code: 'card_declined',
        decline_code: 'generic_decline',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        message: 'Your card was declined.',
        type: 'card_error',
      },
    },
    { dialect: 'stripe', code: 'card_declined', message: 'Your card was declined.', traceId: 'req_8Fv1kZq2Yc3Xa9' },
  ],
  [
    'stripe: parameter_missing',
    400,
    { 'content-type': 'application/json' },
    {
      error: {
        code: 'parameter_missing',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
        message: 'Missing required param: amount.',
        param: 'amount',
        type: 'invalid_request_error',
      },
    },
    { dialect: 'stripe', code: 'parameter_missing', message: 'Missing required param: amount.', fieldErrors: [field('amount', '/amount', 'Missing required param: amount.')] },
  ],
  [
    'stripe: a nested form param',
    400,
    { 'content-type': 'application/json' },
    {
      error: {
        code: 'parameter_invalid_empty',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-invalid-empty',
        message: 'You passed an empty string for \'shipping[address][line1]\'. We assume empty values are an attempt to unset a parameter; however \'shipping[address][line1]\' cannot be unset.',
        param: 'shipping[address][line1]',
        type: 'invalid_request_error',
      },
    },
    {
      dialect: 'stripe',
      code: 'parameter_invalid_empty',
      message: 'You passed an empty string for \'shipping[address][line1]\'. We assume empty values are an attempt to unset a parameter; however \'shipping[address][line1]\' cannot be unset.',
      fieldErrors: [
        field(
          'shipping[address][line1]',
          '/shipping/address/line1',
          'You passed an empty string for \'shipping[address][line1]\'. We assume empty values are an attempt to unset a parameter; however \'shipping[address][line1]\' cannot be unset.',
        ),
      ],
    },
  ],
  [
    'stripe: no code, derived from the status',
    401,
    { 'content-type': 'application/json' },
    { error: { message: 'Invalid API Key provided: sk_test_********************1234', type: 'invalid_request_error' } },
    { dialect: 'stripe', code: 'unauthorized', message: 'Invalid API Key provided: sk_test_********************1234' },
  ],

  // GitHub REST
  [
    'github: Validation Failed',
    422,
    { 'content-type': 'application/json; charset=utf-8' },
    {
      message: 'Validation Failed',
      errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
      documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
      status: '422',
    },
    { dialect: 'github', code: 'unprocessable_entity', message: 'Validation Failed', fieldErrors: [field('title', '/title', 'missing_field')] },
  ],
  [
    'github: a custom error with a message',
    422,
    { 'content-type': 'application/json; charset=utf-8' },
    {
      message: 'Validation Failed',
      errors: [{ resource: 'Label', code: 'custom', field: 'name', message: 'name is too long (maximum is 50 characters)' }],
      documentation_url: 'https://docs.github.com/rest/issues/labels#create-a-label',
    },
    { dialect: 'github', code: 'unprocessable_entity', message: 'Validation Failed', fieldErrors: [field('name', '/name', 'name is too long (maximum is 50 characters)')] },
  ],
  [
    'github: Not Found',
    404,
    { 'content-type': 'application/json; charset=utf-8' },
    { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' },
    { dialect: 'github', code: 'not_found', message: 'Not Found' },
  ],
  [
    'github: secondary rate limit',
    429,
    { 'content-type': 'application/json; charset=utf-8', 'retry-after': '60' },
    {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
    },
    {
      dialect: 'github',
      code: 'too_many_requests',
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      retryAfter: 60_000,
    },
  ],

  // Zalando problem
  [
    'zalando: constraint violation',
    400,
    { 'content-type': 'application/problem+json' },
    {
      type: 'https://zalando.github.io/problem/constraint-violation',
      title: 'Constraint Violation',
      status: 400,
      violations: [
        { field: 'billing_address.first_name', message: 'may not be empty' },
        { field: 'groups', message: 'must not contain multiple different delivery addresses' },
        { field: 'groups[0].delivery_options.delivery_service', message: 'not supported' },
      ],
    },
    {
      dialect: 'zalando',
      code: 'bad_request',
      message: 'Constraint Violation',
      fieldErrors: [
        field('billing_address.first_name', '/billing_address/first_name', 'may not be empty'),
        field('groups', '/groups', 'must not contain multiple different delivery addresses'),
        field('groups[0].delivery_options.delivery_service', '/groups/0/delivery_options/delivery_service', 'not supported'),
      ],
    },
  ],
  [
    'zalando: with a detail and a trace id',
    422,
    { 'content-type': 'application/problem+json' },
    {
      type: 'https://example.com/probs/validation-error',
      title: 'Validation error',
      status: 422,
      detail: 'There was an error validating the request',
      violations: [{ field: 'amount', message: 'It should be greater than zero' }],
      trace_id: '7d2c1f0e9b8a',
    },
    {
      dialect: 'zalando',
      code: 'unprocessable_entity',
      message: 'There was an error validating the request',
      fieldErrors: [field('amount', '/amount', 'It should be greater than zero')],
      traceId: '7d2c1f0e9b8a',
    },
  ],

  // GraphQL
  [
    'graphql: the specification example, extensions.code',
    500,
    { 'content-type': 'application/graphql-response+json' },
    {
      errors: [
        {
          message: 'Name for character with ID 1002 could not be fetched.',
          locations: [{ line: 6, column: 7 }],
          path: ['hero', 'heroFriends', 1, 'name'],
          extensions: { code: 'CAN_NOT_FETCH_BY_ID', timestamp: 'Fri Feb 9 14:33:09 UTC 2018' },
        },
      ],
      data: { hero: { name: 'R2-D2', heroFriends: [{ id: '1000', name: 'Luke Skywalker' }, null, { id: '1003', name: 'Leia Organa' }] } },
    },
    { dialect: 'graphql', code: 'can_not_fetch_by_id', message: 'Name for character with ID 1002 could not be fetched.' },
  ],
  [
    'graphql: a validation error',
    400,
    { 'content-type': 'application/graphql-response+json' },
    {
      errors: [
        {
          message: 'Cannot query field "nam" on type "Character". Did you mean "name"?',
          locations: [{ line: 3, column: 5 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    },
    { dialect: 'graphql', code: 'graphql_validation_failed', message: 'Cannot query field "nam" on type "Character". Did you mean "name"?' },
  ],
  [
    'graphql: no extensions, data null',
    401,
    { 'content-type': 'application/graphql-response+json' },
    { errors: [{ message: 'You must be signed in to see your orders.', path: ['viewer', 'orders'] }], data: null },
    { dialect: 'graphql', code: 'unauthorized', message: 'You must be signed in to see your orders.' },
  ],

  // plain text
  [
    'text: a rate limiter',
    429,
    { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
    'Too many requests, please try again later.',
    { dialect: 'text', code: 'too_many_requests', message: 'Too many requests, please try again later.', retryAfter: 60_000 },
  ],
  [
    'text: a proxy, over several lines',
    503,
    { 'content-type': 'text/plain', 'x-request-id': 'a1b2c3d4' },
    'upstream connect error or disconnect/reset before headers.\n  reset reason: connection failure\n',
    { dialect: 'text', code: 'service_unavailable', message: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure', traceId: 'a1b2c3d4' },
  ],
  ['text: one word', 401, { 'content-type': 'text/plain' }, 'Unauthorized', { dialect: 'text', code: 'unauthorized', message: 'Unauthorized' }],

  // HTML error pages
  [
    'html: nginx',
    502,
    { 'content-type': 'text/html' },
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n',
    { dialect: 'html', code: 'bad_gateway', message: '502 Bad Gateway' },
  ],
  [
    'html: Apache',
    404,
    { 'content-type': 'text/html; charset=iso-8859-1' },
    '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n',
    { dialect: 'html', code: 'not_found', message: '404 Not Found' },
  ],
  [
    'html: no title, a heading',
    503,
    { 'content-type': 'text/html', 'x-request-id': 'lb-5501' },
    '<!doctype html><html><body><h1 class="error">\n    Service\n    Unavailable\n  </h1><p>Please try again.</p></body></html>',
    { dialect: 'html', code: 'service_unavailable', message: 'Service Unavailable', traceId: 'lb-5501' },
  ],
  [
    'html: neither, so the status',
    404,
    { 'content-type': 'text/html' },
    '<!DOCTYPE html><html><body><pre>Cannot GET /x</pre></body></html>',
    { dialect: 'html', code: 'not_found', message: 'Not Found' },
  ],

  // the contract's compact shape
  [
    'compact: one problem',
    404,
    { 'content-type': 'application/json' },
    { errors: [{ code: 'not_found', message: 'No widget has the id "9".' }] },
    { dialect: 'compact', code: 'not_found', message: 'No widget has the id "9".' },
  ],
  [
    'compact: field problems, read back into fields',
    400,
    { 'content-type': 'application/json', 'x-request-id': 'req-1' },
    {
      errors: [
        { code: 'validation_failed', message: 'name: must be 1 to 50 characters' },
        { code: 'validation_failed', message: 'items[0].price: must be >= 0' },
        { code: 'validation_failed', message: 'meta["x.y"]: must be a string' },
      ],
    },
    {
      dialect: 'compact',
      code: 'validation_failed',
      message: 'name: must be 1 to 50 characters',
      fieldErrors: [field('name', '/name', 'must be 1 to 50 characters'), field('items[0].price', '/items/0/price', 'must be >= 0'), field('meta["x.y"]', '/meta/x.y', 'must be a string')],
      traceId: 'req-1',
    },
  ],
  [
    'compact: 429 with Retry-After',
    429,
    { 'content-type': 'application/json', 'retry-after': '12' },
    { errors: [{ code: 'too_many_requests', message: 'Too many requests; retry in 12 seconds.' }] },
    { dialect: 'compact', code: 'too_many_requests', message: 'Too many requests; retry in 12 seconds.', retryAfter: 12_000 },
  ],

  // nothing known
  [
    'unknown: a gateway JSON with only a message',
    403,
    { 'content-type': 'application/json' },
    { message: 'Forbidden' },
    { dialect: 'unknown', code: 'forbidden', message: 'Forbidden' },
  ],
  ['unknown: an object of nothing known', 500, { 'content-type': 'application/json' }, { ok: false }, { dialect: 'unknown', code: 'internal_server_error', message: 'Internal Server Error' }],
  ['unknown: an empty errors list', 400, {}, { errors: [] }, { dialect: 'unknown', code: 'bad_request', message: 'Bad Request' }],
  ['unknown: an empty body', 502, {}, '', { dialect: 'unknown', code: 'bad_gateway', message: 'Bad Gateway' }],
  ['unknown: truncated JSON', 400, {}, '{"type":"about:blank","title":"Bad Re', { dialect: 'unknown', code: 'bad_request', message: 'Bad Request' }],
];

const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

function read(error: ApiError): Expected {
  const { dialect, code, message, fieldErrors, traceId, retryAfter } = error;
  return { dialect, code, message, fieldErrors, traceId, retryAfter };
}

describe('every dialect, read into one ApiError', () => {
  it('covers every dialect with at least two samples', () => {
    const counts = new Map<string, number>();
    for (const [, , , , expected] of rows) counts.set(expected.dialect, (counts.get(expected.dialect) ?? 0) + 1);
    const dialects: Dialect[] = ['problem-details', 'compact', 'aspnet', 'json-api', 'google', 'stripe', 'github', 'zalando', 'graphql', 'text', 'html', 'unknown'];
    for (const dialect of dialects) expect(counts.get(dialect) ?? 0, dialect).toBeGreaterThanOrEqual(2);
  });

  it.each(rows)('%s (parseErrorBody)', (_name, status, headers, body, expected) => {
    const error = parseErrorBody(status, body, headers);
    expect(error.status).toBe(status);
    expect(read(error)).toEqual({ fieldErrors: [], ...expected });
    expect(error.problems.length).toBeGreaterThan(0);
  });

  it.each(rows)('%s (fromResponse)', async (_name, status, headers, body, expected) => {
    const error = await ApiError.fromResponse(new Response(text(body), { status, headers }));
    expect(error.status).toBe(status);
    expect(read(error)).toEqual({ fieldErrors: [], ...expected });
  });
});

describe('what else each dialect gives', () => {
  it('problems: one per element, each with its own code, fields leading', () => {
    const [, status, , body] = rows.find(([name]) => name === 'json-api: several errors with codes')!;
    expect(parseErrorBody(status, body).problems).toEqual([
      { code: '123', message: 'firstName: First name must contain at least two characters.' },
      { code: '225', message: 'password: The password provided is missing a punctuation character.' },
      { code: '226', message: 'password: Password and password confirmation do not match.' },
    ]);
  });

  it('shape stays what it was: detailed for the problem-details family, compact for ours, unknown otherwise', () => {
    const shapes = Object.fromEntries(rows.map(([, status, , body, expected]) => [expected.dialect, parseErrorBody(status, body).shape]));
    expect(shapes).toEqual({
      'problem-details': 'detailed',
      aspnet: 'detailed',
      zalando: 'detailed',
      compact: 'compact',
      'json-api': 'unknown',
      google: 'unknown',
      stripe: 'unknown',
      github: 'unknown',
      graphql: 'unknown',
      text: 'unknown',
      html: 'unknown',
      unknown: 'unknown',
    });
  });

  it('title, type and instance come from where the dialect keeps them', () => {
    const error = parseErrorBody(403, rows.find(([name]) => name.startsWith('problem details: RFC 9457 out-of-credit'))![3]);
    expect(error).toMatchObject({ title: 'You do not have enough credit.', type: 'https://example.com/probs/out-of-credit', instance: '/account/12345/msgs/abc' });
    expect(error.extensions).toEqual({ balance: 30, accounts: ['/account/12345', '/account/67890'] });
    expect(parseErrorBody(402, { error: { message: 'Your card was declined.', type: 'card_error' } }).type).toBe('card_error');
  });

  it('an HTML page gives at most 200 characters, never the page', () => {
    const page = `<html><head><title>${'Gateway timeout '.repeat(40)}</title></head><body>${'<p>x</p>'.repeat(10_000)}</body></html>`;
    const error = parseErrorBody(504, page);
    expect(error.dialect).toBe('html');
    expect(error.message.length).toBeLessThanOrEqual(200);
    expect(error.message.startsWith('Gateway timeout Gateway timeout')).toBe(true);
    expect(error.message).not.toContain('<');
  });

  it('plain text gives at most 200 characters', () => {
    const error = parseErrorBody(500, `java.lang.IllegalStateException: boom\n${'\tat com.example.Foo.bar(Foo.java:42)\n'.repeat(500)}`);
    expect(error.dialect).toBe('text');
    expect(error.message.length).toBeLessThanOrEqual(200);
    expect(error.message.startsWith('java.lang.IllegalStateException: boom at com.example')).toBe(true);
  });

  it('a traceparent header gives its trace-id; a body trace id comes first', () => {
    expect(parseErrorBody(500, '', { traceparent: TRACEPARENT }).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(parseErrorBody(500, { traceId: 'body-1' }, { traceparent: TRACEPARENT, 'x-request-id': 'hdr-1' }).traceId).toBe('body-1');
    expect(parseErrorBody(500, '', { 'x-request-id': 'hdr-1' }).traceId).toBe('hdr-1');
    expect(parseErrorBody(500, '').traceId).toBeUndefined();
    // a body built to break the reader still gets the header's
    const hostile = Object.defineProperty({}, 'detail', { enumerable: true, get: () => { throw new Error('x'); } });
    expect(parseErrorBody(500, hostile, { 'x-request-id': 'hdr-2' }).traceId).toBe('hdr-2');
  });

  it('retryAfter: milliseconds, from seconds or an HTTP date, on a 429 or 503 only', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const realNow = Date.now;
    Date.now = () => now;
    try {
      expect(parseErrorBody(503, '', { 'retry-after': 'Sun, 22 Nov 2026 10:00:42 GMT' }).retryAfter).toBe(42_000);
      expect(parseErrorBody(429, '', { 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }).retryAfter).toBe(0);
    } finally {
      Date.now = realNow;
    }
    expect(parseErrorBody(429, '', { 'retry-after': '0' }).retryAfter).toBe(0);
    expect(parseErrorBody(429, '', { 'retry-after': 'soon' }).retryAfter).toBeUndefined();
    expect(parseErrorBody(500, '', { 'retry-after': '30' }).retryAfter).toBeUndefined();
    // RateLimit-Reset and X-RateLimit-Reset are not read: one is seconds from now, the other often
    // an epoch time, and nothing in the response says which.
    expect(parseErrorBody(429, '', { 'x-ratelimit-reset': '1700000000', 'ratelimit-reset': '30' }).retryAfter).toBeUndefined();
  });

  it('codes: all-caps ones are lower-cased, others kept as sent', () => {
    expect(parseErrorBody(404, { error: { code: 404, message: 'x', status: 'NOT_FOUND' } }).code).toBe('not_found');
    expect(parseErrorBody(400, { errors: [{ code: 'EMAIL_INVALID', title: 'x', source: { pointer: '/data/attributes/email' } }] }).code).toBe('EMAIL_INVALID');
    expect(parseErrorBody(400, { errors: [{ code: 'ErrValidation', message: 'x' }] }).code).toBe('ErrValidation');
  });

  it('compact messages name a field only in the form core writes, and only on a 4xx', () => {
    const compact = (status: number, message: string) => parseErrorBody(status, { errors: [{ code: 'x', message }] }).fieldErrors;
    expect(compact(400, 'name: Required')).toEqual([field('name', '/name', 'Required')]);
    expect(compact(400, '["a b"]: Required')).toEqual([field('["a b"]', '/a b', 'Required')]);
    expect(compact(400, 'a/b~c: Required')).toEqual([]);
    expect(compact(400, 'The request failed: see the logs')).toEqual([]);
    expect(compact(400, 'name:Required')).toEqual([]);
    expect(compact(500, 'name: Required')).toEqual([]);
  });

  it('pointers escape ~ and / (RFC 6901), and read back', () => {
    expect(parseErrorBody(400, { title: 'x', errors: [{ field: 'meta["a/b~c"]', detail: 'bad' }] }).fieldErrors).toEqual([field('meta["a/b~c"]', '/meta/a~1b~0c', 'bad')]);
    expect(parseErrorBody(400, { title: 'x', errors: [{ pointer: '/meta/a~1b~0c', detail: 'bad' }] }).fieldErrors).toEqual([field('meta.a/b~c', '/meta/a~1b~0c', 'bad')]);
  });
});
