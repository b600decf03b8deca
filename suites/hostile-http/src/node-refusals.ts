// Node's own parser refusals, as a service answers them when its framework makes and owns the
// http.Server (`next start`, Nitro's built server), so `answerClientErrors` (@error-contract/node)
// cannot be attached and Node's bare answer goes out. One list, for every such service.

/** The hostile cases Node refuses before any app runs, each with Node's status and the reason given. */
export function nodeRefusals(why: string): Record<string, { status: number; why: string }> {
  const refused: Array<[string, number]> = [
    ['a request line with no version', 400],
    ['HTTP/9.9', 400],
    ['garbage bytes', 400],
    ['spaces in the target', 400],
    ['lower-case method', 400],
    ['an unknown method', 400],
    ['a header value with a NUL', 400],
    ['a header name with a space', 400],
    ['a 17 KB header', 431],
    ['Content-Length and chunked together', 400],
    ['two different Content-Lengths', 400],
    ['an invalid chunk size', 400],
    ['an unknown Expect', 417],
    ['bytes past the Content-Length', 400],
    ['a body cut short', 400],
  ];
  return Object.fromEntries(refused.map(([name, status]) => [name, { status, why }]));
}
