import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/*/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'infra/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file makes its own database and queue prefix, so files run in parallel safely.
    pool: 'forks',
  },
});
