import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (no database) and `integration` (the API in-process on
 * a random port, each test file on its own database cloned from a migrated
 * template). TEST_DB=external runs the integration project against
 * TEST_DATABASE_URL instead of the embedded server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contract,server}/src/**/*.test.{ts,tsx}', 'server/test/**/*.unit.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          // Web unit tests run in the same `unit` step, failing on an unexpected console.error.
          name: 'unit-web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          setupFiles: ['web/src/test/console-errors.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Two files at a time: most of a file's time is waiting (model timeouts, streams, PostgreSQL
          // restarts), so two forks on two cores take about 60% of the time one does (decision 0029).
          maxWorkers: 2,
          // Each fork imports the server once for all its files instead of once per file (90 s of
          // CPU per pass). Files share no state through modules: each builds its own app, database and
          // caches with createTestContext, and no integration file mocks a module (decision 0029).
          isolate: false,
        },
      },
    ],
  },
});
