// One measured window: the server's CPU time (from the server itself, over IPC) around an
// autocannon run, divided by the requests it served.
import autocannon from 'autocannon';

let nextId = 0;

/** Asks a server process a question over IPC (see servers/harness.mjs) and waits for its answer. */
function ask(child, type, extra = {}) {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} answer within 5 s`)), 5000);
    const onMessage = (message) => {
      if (message?.type !== type || message.id !== id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type, id, ...extra });
  });
}

/** Asks a server process for its CPU time and memory. */
export const usage = (child) => ask(child, 'usage');

/** Asks for process.memoryUsage() and the sampled peak heap, after a full GC when `gc`. */
export const memory = (child, { gc = false, resetPeak = false } = {}) => ask(child, 'memory', { gc, resetPeak });

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Sends `requests` requests (autocannon counts whole seconds only, so windows are counted in
 * requests: every variant then does the same work) and returns
 * { cpuUsPerRequest, requestsPerSecond, p50, p99, requests, statuses, errors }.
 */
export async function measure(server, request, { requests: amount, connections }) {
  const before = await usage(server.child);
  const result = await run({
    url: `http://127.0.0.1:${server.port}${request.path ?? '/'}`,
    method: request.method,
    headers: request.headers,
    // A mix (the memory section): each connection cycles through these requests.
    ...(request.mix ? { requests: request.mix } : {}),
    connections,
    amount,
    pipelining: 1,
    // autocannon notices the end of a run on its sampling tick (1 s by default): tick faster.
    sampleInt: 50,
  });
  const after = await usage(server.child);
  const cpuMicros = after.cpu.user - before.cpu.user + (after.cpu.system - before.cpu.system);
  const requests = result.requests.total;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  return {
    cpuUsPerRequest: requests > 0 ? cpuMicros / requests : null,
    requestsPerSecond: result.duration > 0 ? requests / result.duration : null,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    statuses,
    errors: result.errors + result.timeouts,
    maxRss: after.maxRss,
  };
}
