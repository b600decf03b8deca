// What every benchmark server shares: listen on 127.0.0.1, tell the parent its port, and answer
// its questions about this process's CPU time and memory over IPC (never over HTTP, so the
// measurement adds no request).
export const WIDGETS = [
  { id: '1', name: 'Sprocket', price: 9.5 },
  { id: '2', name: 'Gear', price: 2 },
];

/** 5xx are logged to stderr in every variant; the parent points stderr at /dev/null. */
export const log5xx = (error) => console.error(error);

export function reportWhenListening(server) {
  server.on('listening', () => process.send?.({ type: 'ready', port: server.address().port }));
  process.on('message', (message) => {
    if (message?.type !== 'usage') return;
    process.send?.({ type: 'usage', id: message.id, cpu: process.cpuUsage(), rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024 });
  });
  process.on('disconnect', () => process.exit(0));
  // bench/profile.mjs stops a server with SIGINT so that --cpu-prof writes its profile.
  process.on('SIGINT', () => process.exit(0));
}
