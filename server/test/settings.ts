/**
 * What every test app runs with unless its test says otherwise (NODE_ENV changes none of these): every
 * answer checked by its zod schema and no per-process cache, so a test reads each write at once.
 * The tests of the cache turn it on.
 */
export const TEST_SETTINGS = { CHECK_ANSWERS: 'true', CACHE_MS: '0' } as const;
