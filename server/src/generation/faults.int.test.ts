import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { startFakeLlm, type Behaviour, type FakeLlm } from '../../test/fake-llm';
import { createTestContext, type TestContext } from '../../test/helpers';
import { unbalancedAccounts } from '../../test/ledger';
import { novelFinished, storyRequest } from '../../test/novels';

/**
 * Broken parts (issue 14): the model server hangs without a byte, sends its head and
 * then nothing, stalls mid-story, closes mid-stream, answers garbage or HTML, or
 * answers 429/5xx. Each job ends in bounded time, resumed from its saved text or
 * refunded, and the process keeps serving. A real loopback server speaks the
 * chat-completions SSE protocol (test/fake-llm.ts); the provider's time-outs are
 * set to 1 s here (LLM_FIRST_BYTE_TIMEOUT, LLM_IDLE_TIMEOUT).
 */

let ctx: TestContext;
let llm: FakeLlm;

/**
 * Time for a job through three failed tries at 1 s time-outs, each try with the SDK's 3 retries and
 * backoff (about 25 s in all for a silent server), with room for a loaded 2-core machine and the runner's
 * own backoff between tries.
 */
const BOUND_MS = 75_000;
const TEST_MS = BOUND_MS + 30_000;
const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i} `);

// A broken model server is this file's subject, not the database: the external pass (PostgreSQL 15) skips it,
// as server/test/faults.int.test.ts skips its process faults; refunds and resumed jobs run on both passes elsewhere.
describe.skipIf(inject('dbKind') === 'external')('the model server failing', () => {
  beforeAll(async () => {
    llm = await startFakeLlm();
    ctx = await createTestContext({
      env: {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: llm.url,
        LLM_MODEL: 'fake',
        LLM_FIRST_BYTE_TIMEOUT: '1s',
        LLM_IDLE_TIMEOUT: '1s',
        GENERATION_WORKERS: '2',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await llm?.close();
  });

  async function balance(uid: string): Promise<number> {
    const rows = await ctx.database.db.execute<{ balance: number }>(sql`select balance from users where uid = ${uid}`);
    return Number(rows.rows[0]?.balance);
  }

  /** Starts a story against the scripted model and waits for it to end; answers its final state and how long it took. */
  async function storyAgainst(script: Behaviour[], email: string) {
    llm.script(script);
    const me = await signUp(ctx, email);
    const before = await balance(me.uid);
    const started = Date.now();
    const res = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
    expect(res.status).toBe(200);
    const uid = res.body.data.novel_uid as string;
    const charged = before - (await balance(me.uid));
    const finished = await novelFinished(ctx, me.auth, uid, BOUND_MS);
    const [job] = (
      await ctx.database.db.execute<{ status: string; attempts: number; refunds: number }>(
        sql`select j.status, j.attempts, (select count(*) from ledger l where l.kind = 'refund' and l.ref = j.uid)::int as refunds
            from generation_jobs j where j.novel_uid = ${uid}`,
      )
    ).rows;
    return {
      me,
      uid,
      before,
      charged,
      ms: Date.now() - started,
      novel: finished.body.data.novel,
      chapters: finished.body.data.chapters,
      job,
    };
  }

  /** The process still serves: health, and a story against a working model. */
  async function stillHealthy(tag: string) {
    expect((await ctx.request('GET', '/api/v1/health/')).status).toBe(200);
    const ok = await storyAgainst([{ chunks: words(5) }], `healthy-${tag}-${Date.now()}@example.com`);
    expect(ok.novel.generate_status).toBe('done');
    expect(ok.chapters[0].content).toBe(words(5).join(''));
  }

  describe('a broken model server', () => {
    const failing: [string, Behaviour][] = [
      ['hangs without sending a byte', { fault: 'silent' }],
      ['sends its answer head and then nothing', { fault: 'head-only' }],
      ['answers garbage events', { fault: 'garbage' }],
      ['answers an HTML page', { fault: 'html' }],
      ['answers 500 every time', { status: 500 }],
      ['answers 429 every time', { status: 429, retryAfter: 0 }],
    ];
    for (const [what, behaviour] of failing) {
      it(
        `${what}: the story fails in bounded time and its Butter is refunded`,
        async () => {
          const story = await storyAgainst([behaviour], `fail-${behaviour.fault ?? behaviour.status}-${Date.now()}@example.com`);
          expect(story.charged).toBeGreaterThan(0);
          expect(story.novel.generate_status).toBe('failed');
          expect(story.job).toMatchObject({ status: 'failed', refunds: 1 });
          expect(await balance(story.me.uid)).toBe(story.before);
          expect(story.ms).toBeLessThan(BOUND_MS);
          await stillHealthy(behaviour.fault ?? String(behaviour.status));
        },
        TEST_MS,
      );
    }

    it(
      'stalls mid-story: the try ends after the idle time-out and the next try resumes from the saved text',
      async () => {
        const story = await storyAgainst(
          [{ chunks: words(6), fault: 'stall', stallAfter: 3 }, { chunks: words(3, 3) }],
          `stall-${Date.now()}@example.com`,
        );
        expect(story.novel.generate_status).toBe('done');
        // The second try was asked to carry on after the three words the first one saved.
        const resumed = llm.requests
          .at(-1)!
          .messages.map((m) => m.content)
          .join('\n');
        expect(resumed).toContain('word2');
        expect(story.chapters[0].content).toContain('word0 word1 word2 ');
        expect(story.chapters[0].content).toContain('word5');
        expect(story.job?.attempts).toBe(2);
        expect(await balance(story.me.uid)).toBe(story.before - story.charged);
        expect(story.ms).toBeLessThan(BOUND_MS);
      },
      TEST_MS,
    );

    it(
      'closes the connection mid-stream: the next try resumes and the story is done, charged once',
      async () => {
        const story = await storyAgainst(
          [{ chunks: words(6), breakAfter: 2, delayMs: 50 }, { chunks: words(4, 2) }],
          `break-${Date.now()}@example.com`,
        );
        expect(story.novel.generate_status).toBe('done');
        expect(story.chapters[0].content).toContain('word5');
        expect(story.job).toMatchObject({ status: 'done', refunds: 0 });
        expect(await balance(story.me.uid)).toBe(story.before - story.charged);
      },
      TEST_MS,
    );

    it(
      'answers 429 once with Retry-After, then streams: the story is done',
      async () => {
        const story = await storyAgainst([{ status: 429, retryAfter: 1 }, { chunks: words(4) }], `limited-${Date.now()}@example.com`);
        expect(story.novel.generate_status).toBe('done');
        expect(story.chapters[0].content).toBe(words(4).join(''));
      },
      TEST_MS,
    );

    it('leaves every balance equal to its ledger sum', async () => {
      expect(await unbalancedAccounts(ctx)).toEqual([]);
    });
  });
});
