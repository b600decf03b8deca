import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'nitro',
    include: ['test/**/*.test.ts'],
  },
});
