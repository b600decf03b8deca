import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-nest',
    include: ['test/**/*.test.ts'],
  },
});
