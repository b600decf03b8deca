// The table's app on Bun (run by bun.test.ts with this package's `bun` devDependency): Bun.serve on
// 127.0.0.1, port 0, and the ready line the test waits for.
import { createApp } from './fixture-app.js';

const app = createApp();
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch });
console.log(`listening on http://127.0.0.1:${server.port}`);
process.on('SIGTERM', () => {
  server.stop(true);
  process.exit(0);
});
