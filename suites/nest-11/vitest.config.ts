import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

const here = dirname(fileURLToPath(import.meta.url));
// The shared cases and the adapter's source live in packages/nest, and the reference service in
// examples/nest, whose own Nest is 12: every import of Nest from there (the adapter loads Nest's
// Logger; the service its controllers and @nestjs/swagger) is pointed at this package's Nest 11.
const nest11 = ['common', 'core', 'platform-express', 'platform-fastify', 'testing', 'throttler', 'swagger'].map((name) => ({
  find: new RegExp(`^@nestjs/${name}$`),
  replacement: join(here, 'node_modules', '@nestjs', name),
}));

export default defineProject({
  resolve: { alias: nest11 },
  test: {
    name: 'nest-11',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
  },
});
