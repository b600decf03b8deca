import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'one-body',
    include: ['test/**/*.test.ts'],
  },
});
