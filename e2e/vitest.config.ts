import { defineConfig } from 'vitest/config';

/** Browser tests: the built app started as `npm start` starts it, driven by the system Chromium. */
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: much of a file is waiting for the offline writer, while the other one's
    // browser uses the core (one at a time left a quarter of the machine idle: 748 s → 646 s).
    maxWorkers: 2,
  },
});
