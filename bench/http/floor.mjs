// What a floor server is given (servers/harness.mjs floorAnswer, through BENCH_FLOOR): the
// contract's answer to one case, with the headers the contract chose. The framework and Node add
// the rest (date, length, connection) on the floor as they do on the contract.
import { send } from './request.mjs';
import { startServer, stopServer } from './servers.mjs';

/** Whether a case is measured against a floor: a failure the hand-written handler answers too. */
export const hasFloor = (kase) => kase.variants.includes('minimal');

/**
 * How many requests prime a floor server: as many as the others have served by the time its case
 * is measured, at most (every case primed, one case measured). With V8 compiling on the server's
 * thread (servers.mjs), a floor primed like one case of the others was still compiling through its
 * windows: twice bare's CPU per request in its mean, slower than the contract in its median window.
 */
export const floorPrimeRequests = ({ primeRequests, requests }, caseCount) => (primeRequests > 0 ? primeRequests * caseCount + requests : 0);

const FRAMEWORK_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** BENCH_FLOOR for an answer the contract gave ({ status, headers, body }, as request.mjs's send). */
export function floorOf({ status, headers, body }) {
  return JSON.stringify({ status, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !FRAMEWORK_HEADERS.has(name))), body });
}

/** BENCH_FLOOR for `request` on `framework`: asked of a contract server started for it. */
export async function contractFloor(framework, request) {
  const server = await startServer(framework, 'contract');
  try {
    return floorOf(await send(server.port, request));
  } finally {
    stopServer(server);
  }
}
