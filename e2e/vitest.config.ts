import { defineConfig } from 'vitest/config';

/** Browser tests: the built app started as `npm start` starts it, driven by the system Chromium. */
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen may take more than expect.poll's default second to appear while the other file's
    // browser and the server share the two cores (a lazy screen kept Explore's heading for over a
    // second after the address changed). A check that is met sooner still ends as soon as it is met.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time: much of a file is waiting for the offline writer, while the other one's
    // browser uses the core (one at a time left a quarter of the machine idle: 748 s → 646 s).
    maxWorkers: 2,
  },
});
