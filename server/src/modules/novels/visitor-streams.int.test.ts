import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { LIMITS } from '../../lib/limits';

/** Visitors' story streams (issue 25): limited per client address, an IPv6 /64 counting as one. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { OFFLINE_WRITER_CPS: '1000000', GENERATION_WORKERS: '1' } });
});
afterAll(() => ctx.close());

describe('a visitor opening story streams', () => {
  it('is refused (429001, Retry-After) past the limit of their address, while others and accounts still read', async () => {
    const author = await signUp(ctx, 'streamed-author@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: author.auth });
    const novelUid = started.body.data.novel_uid as string;
    await novelFinished(ctx, author.auth, novelUid);
    const post = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title: 'Out now', content: 'Read the story.', language: 'en', is_public: 1, novel_id: novelUid },
      headers: author.auth,
    });
    expect(post.status).toBe(200);

    const open = async (headers: Record<string, string>) => {
      const res = await fetch(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, { headers });
      const body = await res.text(); // a finished story's stream ends at once
      return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
    };
    // One visitor walking through the addresses of one IPv6 /64.
    const max = LIMITS.visitorStreamsPerIp.max;
    for (let i = 0; i < max; i++) {
      const res = await open({ 'x-forwarded-for': `2001:db8:40:7::${(i + 1).toString(16)}` });
      expect(res.status).toBe(200);
      expect(res.body).toContain('event: done');
    }
    const refused = await open({ 'x-forwarded-for': '2001:db8:40:7:ffff::1' });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).base_resp.status_code).toBe(429001);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);

    // Another network, and a signed-in reader on the same one, are not held back.
    expect((await open({ 'x-forwarded-for': '2001:db8:40:8::1' })).status).toBe(200);
    const reader = await signUp(ctx, 'streamed-reader@example.com');
    expect((await open({ ...reader.auth, 'x-forwarded-for': '2001:db8:40:7::99' })).status).toBe(200);
  });
});
