/**
 * What every test app runs with unless its test says otherwise (NODE_ENV changes none of these): every
 * answer checked by its zod schema, no per-process cache and no pacing, so a test reads each write at once
 * and sees each model chunk as its own piece. The tests of the caches and the pace turn them on.
 */
export const TEST_SETTINGS = { CHECK_ANSWERS: 'true', CACHE_MS: '0', STREAM_PACE_MS: '0' } as const;
