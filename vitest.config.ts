import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/*/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'infra/test/**/*.test.ts', 'test/**/*.test.ts'],
    // PostgreSQL and Redis for the whole run: found, or started as `npm start` would (see the README's tests section).
    globalSetup: ['infra/src/testInfrastructure.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file makes its own database and queue prefix, so files run in parallel safely.
    pool: 'forks',
  },
});
