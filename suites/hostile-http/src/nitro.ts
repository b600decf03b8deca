// What Nitro 3's built server answers itself, before its app (and so the contract) runs: measured
// on nitro 3.0.260903-beta. The Nitro service is held to exactly these answers for them, and to the
// contract (and the others' bytes) for every other case.
//
// - Node's parser refusals: `node .output/server/index.mjs` makes and owns its http.Server (srvx),
//   so `answerClientErrors` (@error-contract/node) cannot be attached; Node's own bare answer goes out.
const NODE = "Node's own bare answer (Nitro's built server owns the http.Server)";

export const NITRO_ANSWERS: Readonly<Record<string, { status: number; why: string }>> = {
  'a request line with no version': { status: 400, why: NODE },
  'HTTP/9.9': { status: 400, why: NODE },
  'garbage bytes': { status: 400, why: NODE },
  'spaces in the target': { status: 400, why: NODE },
  'lower-case method': { status: 400, why: NODE },
  'an unknown method': { status: 400, why: NODE },
  'a header value with a NUL': { status: 400, why: NODE },
  'a header name with a space': { status: 400, why: NODE },
  'a 17 KB header': { status: 431, why: NODE },
  'Content-Length and chunked together': { status: 400, why: NODE },
  'two different Content-Lengths': { status: 400, why: NODE },
  'an invalid chunk size': { status: 400, why: NODE },
  'an unknown Expect': { status: 417, why: NODE },
  'bytes past the Content-Length': { status: 400, why: NODE },
  'a body cut short': { status: 400, why: NODE },
};
