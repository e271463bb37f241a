import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PostgreSQL and Redis for the whole run: found, or started as `npm start` would (see the README's tests section).
    globalSetup: ['infra/src/testInfrastructure.ts'],
    // A browser test that fails prints what its pages showed (test/support/failureReport.ts).
    setupFiles: ['test/support/setupFailureReport.ts'],
    // Browser tests take 2-15 s on a quiet machine; CI machines are at times four times slower (a console test once
    // took 37 s there). A test that hangs still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file makes its own database and queue prefix, so files run in parallel safely.
    pool: 'forks',
    // vitest's default on 2 cores is one file at a time; most files wait on PostgreSQL, Redis or a browser, so two at
    // a time finish the run about a third sooner (measured: 857 s for 119 files, against 990 s for 105 files with one).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          // The packages' own tests share each worker's modules from one file to the next instead of importing the app
          // again for every file (about 1.5 s each): measured, 198 -> 128 s for services/api's 51 files and 50 -> 26 s
          // for the other packages' 40. Each makes its own database, queue prefix and app, and keeps no state in modules.
          include: ['services/*/test/**/*.test.ts', 'workers/test/**/*.test.ts', 'web-admin/test/**/*.test.ts', 'web-storefront/test/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // Processes, browsers, fault injection and the storefront's journeys: each file on modules of its own.
        test: { name: 'product', include: ['infra/test/**/*.test.ts', 'test/**/*.test.ts'] },
      },
    ],
  },
});
