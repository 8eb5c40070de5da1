import type { TestContext } from './helpers';

/** Polls `probe` until `done` holds, failing with the last value after the timeout. */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Once this process's runner has nothing under way (no claim, no attempt): whatever a worker was
 * still going to write after a stop has been written. Used instead of sleeping after a stop.
 */
export const runnerSettled = (ctx: TestContext, timeoutMs?: number) =>
  waitFor(
    async () => ctx.app.deps.runner.busy,
    (busy) => !busy,
    timeoutMs,
  );

export const novelDetails = (ctx: TestContext, auth: Record<string, string>, uid: string) =>
  ctx.request('GET', `/api/v1/novel/details/?novel_uid=${uid}`, { headers: auth });

/** The novel's details once its job has ended (done or failed). */
export const novelFinished = (ctx: TestContext, auth: Record<string, string>, uid: string, timeoutMs?: number) =>
  waitFor(
    () => novelDetails(ctx, auth, uid),
    (res) => !['generating', 'continuing'].includes(res.body.data.novel.generate_status),
    timeoutMs,
  );

/** A generation request as the web app sends it; `overrides` replace top-level fields. */
export const storyRequest = (overrides: Record<string, unknown> = {}) => ({
  title: 'ignored',
  description: '',
  tags: ['notR18', 'thirdPerson', 'description'],
  params: {
    char_a_name: 'Ines',
    char_a_setting: 'a lighthouse keeper of 34 who hums sea shanties',
    char_b_name: 'Tomas',
    char_b_setting: 'a shipwrecked cartographer, 31',
    plot: 'A storm strands him on her island for a week.',
  },
  is_r18: 0,
  dialogue_heavy: 0,
  first_person: 0,
  language: 'en',
  model: 'v1',
  ...overrides,
});

/** A persona as the persona form sends it (`POST /persona/create/`); `overrides` replace fields. */
export const personaRequest = (overrides: Record<string, unknown> = {}) => ({
  char_a_name: 'Ines',
  char_a_setting: 'a lighthouse keeper, 34',
  char_b_name: 'Tomas',
  char_b_setting: 'a cartographer, 31',
  plot: 'A storm strands him on her island.',
  description: 'Storm-bound strangers',
  tags: 'sea',
  is_r18: 0,
  first_person: 0,
  dialogue_heavy: 0,
  language: 'en',
  ...overrides,
});
