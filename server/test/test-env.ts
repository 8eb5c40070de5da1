/**
 * Tests read the environment here (server code reads it only in src/env.ts).
 * TEST_DB selects the integration target; TEST_DATABASE_URL is the external server.
 */
export function testEnvSource(): Record<string, string | undefined> {
  return { ...process.env };
}
