// What every benchmark server shares: listen on 127.0.0.1, tell the parent its port(s), and answer
// its questions about this process's CPU time and memory over IPC (never over HTTP, so the
// measurement adds no request).
export const WIDGETS = [
  { id: '1', name: 'Sprocket', price: 9.5 },
  { id: '2', name: 'Gear', price: 2 },
];

/** 5xx are logged to stderr in every variant; the parent points stderr at /dev/null. */
export const log5xx = (error) => console.error(error);

// With BENCH_MEMORY=1 (the memory section only: the timer costs CPU) the heap is sampled every
// 50 ms, so that the peak between two questions is seen, not only the heap at the moment asked.
let peakHeapUsed = 0;
if (process.env.BENCH_MEMORY === '1') {
  setInterval(() => {
    peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
  }, 50).unref();
}

// A full collection: Node's `gc` (with --expose-gc), or Bun's own (always there).
const collect = typeof globalThis.gc === 'function' ? () => globalThis.gc() : typeof globalThis.Bun?.gc === 'function' ? () => globalThis.Bun.gc(true) : undefined;

function answer(message) {
  if (message?.type === 'usage') {
    process.send?.({ type: 'usage', id: message.id, cpu: process.cpuUsage(), rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024 });
  } else if (message?.type === 'memory') {
    // `gc` exists when the parent started this process with --expose-gc (always on Bun).
    if (message.gc && collect !== undefined) collect();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    peakHeapUsed = Math.max(peakHeapUsed, heapUsed);
    process.send?.({ type: 'memory', id: message.id, gc: collect !== undefined, rss, heapUsed, heapTotal, external, arrayBuffers, peakHeapUsed, maxRss: process.resourceUsage().maxRSS * 1024 });
    if (message.resetPeak) peakHeapUsed = heapUsed;
  }
}

/** One server, or several (bench/servers/scale hosts one app per route count); `ports` in order. */
export function reportWhenListening(serverOrServers) {
  const servers = Array.isArray(serverOrServers) ? serverOrServers : [serverOrServers];
  let listening = 0;
  for (const server of servers) {
    server.on('listening', () => {
      if (++listening < servers.length) return;
      reportPorts(servers.map((each) => each.address().port));
    });
  }
}

/** Tells the parent the ports a server listens on (a runtime's own server, as Bun.serve, says so itself). */
export function reportPorts(ports) {
  process.send?.({ type: 'ready', port: ports[0], ports });
  process.on('message', answer);
  process.on('disconnect', () => process.exit(0));
  // bench/profile.mjs stops a server with SIGINT so that --cpu-prof writes its profile.
  process.on('SIGINT', () => process.exit(0));
}

/**
 * The `floor` variant's answer: the contract's response to the case being measured (status, its
 * own headers, body), captured by focus.mjs and passed in BENCH_FLOOR. A floor server writes it
 * at the place the contract would answer, deciding nothing, so contract / floor is the cost of
 * the contract's decisions and floor / default the cost of the bytes the spec asks for.
 */
export function floorAnswer() {
  const floor = JSON.parse(process.env.BENCH_FLOOR ?? 'null');
  if (floor === null) throw new Error('the floor variant needs BENCH_FLOOR (see bench/focus.mjs --floor)');
  return floor;
}
