import { describe, expect, it } from 'vitest';
import { parseBytes, formatBytes } from '../src/bytes.js';
import { parseCommand, UsageError } from '../src/cli/args.js';

describe('parseCommand(argv)', () => {
  it('reads a probe with every option', () => {
    const command = parseCommand([
      'probe',
      'http://127.0.0.1:3000/api',
      '-H',
      'Authorization: Bearer t: x',
      '--header=X-Tenant:t1',
      '--route',
      'get /widgets',
      '--route',
      'POST /widgets',
      '--strict-accept',
      '--body-limit',
      '1mb',
      '--strict-content-type',
      '--timeout',
      '500ms',
      '--json',
    ]);
    expect(command).toEqual({
      command: 'probe',
      options: {
        baseUrl: new URL('http://127.0.0.1:3000/api'),
        headers: { authorization: 'Bearer t: x', 'x-tenant': 't1' },
        routes: [
          { method: 'GET', path: '/widgets' },
          { method: 'POST', path: '/widgets' },
        ],
        strictAccept: true,
        bodyLimitBytes: 1024 * 1024,
        strictContentType: true,
        json: true,
        timeoutMs: 500,
        write: false,
        maxRequests: 200,
        rps: 10,
      },
    });
  });

  it('reads the OpenAPI probe options: --openapi, --write, --max-requests, --rps, --junit', () => {
    const command = parseCommand(['probe', 'http://127.0.0.1:3000', '--openapi', './openapi.yaml', '--write', '--max-requests', '50', '--rps', '2.5', '--junit', 'probe.xml']);
    expect(command).toMatchObject({ options: { openapi: './openapi.yaml', write: true, maxRequests: 50, rps: 2.5, junit: 'probe.xml', routes: [] } });
  });

  it('has defaults: no body limit known, no strict content type, 10 s timeout; a bare timeout is seconds', () => {
    const command = parseCommand(['probe', 'https://api.example.com', '--timeout', '2']);
    expect(command).toMatchObject({ options: { timeoutMs: 2000, strictAccept: false, strictContentType: false, json: false, headers: {}, routes: [] } });
    expect(command.command === 'probe' && 'bodyLimitBytes' in command.options).toBe(false);
  });

  it('--max-body is the old name of --body-limit; both at once is a usage error', () => {
    expect(parseCommand(['probe', 'http://x', '--max-body', '100kb'])).toMatchObject({ options: { bodyLimitBytes: 102_400 } });
    expect(() => parseCommand(['probe', 'http://x', '--max-body', '1kb', '--body-limit', '1kb'])).toThrow('--body-limit and --max-body are the same option: give one');
    expect(() => parseCommand(['probe', 'http://x', '--body-limit', 'big'])).toThrow('--body-limit takes a size such as 100kb or 1mb, got "big"');
  });

  it('reads docs <module> <dir> [export-name]', () => {
    expect(parseCommand(['docs', './dist/contract.js', 'public/errors'])).toEqual({ command: 'docs', options: { module: './dist/contract.js', dir: 'public/errors', exportName: undefined } });
    expect(parseCommand(['docs', './dist/contract.js', 'public/errors', 'serviceContract'])).toMatchObject({ options: { exportName: 'serviceContract' } });
    expect(parseCommand(['docs', '--help'])).toEqual({ command: 'help' });
  });

  it('--help and -h', () => {
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand(['probe', '-h'])).toEqual({ command: 'help' });
  });

  it.each([
    [[], 'no command given'],
    [['scan', 'http://x'], 'unknown command "scan"'],
    [['probe'], 'probe needs the base URL of the API'],
    [['probe', 'http://x', 'extra'], 'unexpected argument "extra"'],
    [['probe', 'localhost:3000/api'], 'not an http(s) URL'],
    [['probe', '::'], 'not a URL: "::"'],
    [['probe', 'http://x', '-H', 'no colon'], `-H takes 'Name: value', got "no colon"`],
    [['probe', 'http://x', '-H', ': v'], `-H takes 'Name: value'`],
    [['probe', 'http://x', '--route', '/widgets'], `--route takes 'METHOD /path', got "/widgets"`],
    [['probe', 'http://x', '--max-body', 'lots'], '--max-body takes a size such as 100kb or 1mb, got "lots"'],
    [['probe', 'http://x', '--timeout', 'soon'], '--timeout takes a time such as 10s or 500ms, got "soon"'],
    [['probe', 'http://x', '--frobnicate'], "Unknown option '--frobnicate'"],
    [['probe', 'http://x', '--openapi', 'a.yaml', '--route', 'GET /a'], '--openapi and --route both name the routes: give one'],
    [['probe', 'http://x', '--openapi', ''], '--openapi takes the URL or the file of the OpenAPI document'],
    [['probe', 'http://x', '--max-requests', '0'], '--max-requests takes a whole number of requests, 1 or more, got "0"'],
    [['probe', 'http://x', '--max-requests', '1.5'], '--max-requests takes a whole number of requests, 1 or more, got "1.5"'],
    [['probe', 'http://x', '--rps', '0'], '--rps takes a number of requests a second above 0, got "0"'],
    [['probe', 'http://x', '--rps', 'fast'], '--rps takes a number of requests a second above 0, got "fast"'],
    [['probe', 'http://x', '--junit', ''], '--junit takes the file to write the JUnit XML report to'],
    [['docs'], 'docs needs the module that exports the contract and the output directory'],
    [['docs', './contract.js'], 'docs needs the module that exports the contract and the output directory'],
    [['docs', './contract.js', 'out', 'contract', 'extra'], 'unexpected argument "extra"'],
    [['docs', './contract.js', 'out', '--json'], 'docs takes no option --json'],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe('sizes', () => {
  it.each([
    ['100kb', 102_400],
    ['1MB', 1_048_576],
    ['512', 512],
    ['1.5 kb', 1536],
    ['2gb', 2 * 1024 ** 3],
    ['0', undefined],
    ['-1kb', undefined],
  ])('parseBytes(%j) is %j', (text, bytes) => {
    expect(parseBytes(text)).toBe(bytes);
  });

  it.each([
    [102_400, '100 kB'],
    [1_048_576, '1 MB'],
    [1000, '1000 bytes'],
    [1536, '1536 bytes'],
  ])('formatBytes(%j) is %j', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
