import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-fastify',
    include: ['test/**/*.test.ts'],
  },
});
