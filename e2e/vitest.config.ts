import { defineConfig } from 'vitest/config';

/** Browser tests: the built app started as `npm start` starts it, driven by the system Chromium. */
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
