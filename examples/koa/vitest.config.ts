import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-koa',
    include: ['test/**/*.test.ts'],
  },
});
