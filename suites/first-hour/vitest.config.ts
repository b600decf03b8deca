import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'first-hour',
    include: ['test/**/*.test.ts'],
  },
});
