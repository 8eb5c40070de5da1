import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeFor, outbox, PASSWORD, signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { normaliseStoredEmails } from '../../db/normalise-emails';
import { appMeta, users } from '../../db/schema';
import { releaseUnverified } from './service';
import { storyRequest } from '../../../test/novels';

/** Issue 18: the gaps an outside probe found, each with the test that failed before the fix. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.request('POST', `/api/v1${path}`, { body, headers: { 'x-forwarded-for': someIp(), ...headers } });
const info = (access: string) => ctx.request('GET', '/api/v1/user/info/', { headers: { authorization: `Bearer ${access}` } });
const loginAs = async (email: string, password = PASSWORD) => {
  const res = await post('/user/login/', { email, password });
  return res;
};

describe('one account per real address', () => {
  it('refuses look-alike addresses of an existing account and signs them in to it', async () => {
    const plain = await signUp(ctx, 'alice@example.com');
    await signUp(ctx, 'admin@example.com');
    for (const lookalike of ['ａdmin@example.com', 'alice@ｅｘａｍｐｌｅ.com', 'alice@example.com.', 'ALİCE@example.com']) {
      const res = await post('/user/create/', { age_confirmed: true, email: lookalike, password: PASSWORD });
      expect(res.status, lookalike).toBe(409);
      expect(res.body.base_resp.status_code).toBe(301002);
    }
    const login = await loginAs('ALİCE@ｅｘａｍｐｌｅ.com.');
    expect(login.status).toBe(200);
    expect(login.body.data.uid).toBe(plain.uid);
  });

  it('refuses invisible characters instead of making a new account', async () => {
    await signUp(ctx, 'bob@example.com');
    const res = await post('/user/create/', { age_confirmed: true, email: 'bob\u200b@example.com', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.email).toBe('invisible characters are not allowed');
    const count = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like 'bob%'`);
    expect(count[0]?.n).toBe(1);
  });

  it('normalises stored addresses once, flagging collisions instead of merging them', async () => {
    const db = ctx.database.db;
    const row = (uid: string, email: string, verified: boolean, daysAgo: number) => ({
      uid,
      email,
      passwordHash: 'x',
      name: uid,
      invitationCode: uid.toUpperCase().padEnd(8, 'Z').slice(0, 8),
      emailVerifiedAt: verified ? new Date() : null,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await db
      .insert(users)
      .values([
        row('legacy1', 'Carol@Example.com', false, 9),
        row('legacy2', 'ｃarol@example.com', true, 3),
        row('legacy3', 'dave\u200b@example.com.', true, 2),
        row('legacy4', 'erin@example.com', true, 5),
        row('legacy5', 'ERIN@example.com', true, 6),
      ]);
    await db.delete(appMeta).where(eq(appMeta.key, 'email_normalisation'));
    const report = await normaliseStoredEmails(db);
    expect(report).toEqual({ normalised: 2, flagged: 2 });
    const byUid = new Map((await db.select().from(users)).map((u) => [u.uid, u]));
    // No row held the normal form: the verified one keeps the address.
    expect(byUid.get('legacy2')).toMatchObject({ email: 'carol@example.com', emailFlag: null });
    expect(byUid.get('legacy1')).toMatchObject({
      email: 'Carol@Example.com',
      emailFlag: 'duplicate: carol@example.com stays with account legacy2',
    });
    expect(byUid.get('legacy3')).toMatchObject({ email: 'dave@example.com', emailFlag: null });
    // A row already in normal form keeps it.
    expect(byUid.get('legacy4')).toMatchObject({ email: 'erin@example.com', emailFlag: null });
    expect(byUid.get('legacy5')?.emailFlag).toBe('duplicate: erin@example.com stays with account legacy4');
    expect(await normaliseStoredEmails(db)).toBeNull(); // once
  });
});

describe('proxies trusted only when configured', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY, so the sign-up limit holds', async () => {
    const strict = await createTestContext({ env: { TRUST_PROXY: '' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await strict.request('POST', '/api/v1/user/create/', {
          body: { age_confirmed: true, email: `spoof${i}@example.com`, password: PASSWORD },
          headers: { 'x-forwarded-for': someIp() },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });

  it('uses the forwarded address from a configured proxy', async () => {
    const ip = someIp();
    for (let i = 0; i < 20; i++)
      expect(
        (await post('/user/create/', { age_confirmed: true, email: `via${i}@example.com`, password: PASSWORD }, { 'x-forwarded-for': ip }))
          .status,
      ).toBe(200);
    expect(
      (await post('/user/create/', { age_confirmed: true, email: 'via20@example.com', password: PASSWORD }, { 'x-forwarded-for': ip }))
        .status,
    ).toBe(429);
    expect((await post('/user/create/', { age_confirmed: true, email: 'via21@example.com', password: PASSWORD })).status).toBe(200);
  });
});

describe('logout, log out everywhere, password change and bans end access tokens at once', () => {
  it('logout ends the access token of that session only', async () => {
    const a = await signUp(ctx, 'leaver@example.com');
    const b = (await loginAs('leaver@example.com')).body.data.tokens;
    expect((await info(a.access)).status).toBe(200);
    expect((await post('/user/logout/', { refresh: a.refresh })).status).toBe(200);
    const after = await info(a.access);
    expect(after.status).toBe(401);
    expect(after.body.base_resp.status_code).toBe(301003);
    expect((await info(b.access)).status).toBe(200);
  });

  it('log out everywhere ends every session', async () => {
    const a = await signUp(ctx, 'everywhere@example.com');
    const b = (await loginAs('everywhere@example.com')).body.data.tokens;
    expect((await post('/user/logout/', { refresh: a.refresh, everywhere: true })).status).toBe(200);
    expect((await info(a.access)).status).toBe(401);
    expect((await info(b.access)).status).toBe(401);
    expect((await post('/user/refresh_token/', { refresh: b.refresh })).status).toBe(401);
  });

  it('a refreshed access token belongs to the same session', async () => {
    const a = await signUp(ctx, 'rotator@example.com');
    const rotated = (await post('/user/refresh_token/', { refresh: a.refresh })).body.data;
    expect((await info(rotated.access)).status).toBe(200);
    await post('/user/logout/', { refresh: rotated.refresh });
    expect((await info(rotated.access)).status).toBe(401);
  });

  it('a password change keeps this session and ends the others', async () => {
    const a = await signUp(ctx, 'changer@example.com');
    const b = (await loginAs('changer@example.com')).body.data.tokens;
    const wrong = await post('/user/change-password/', { old_password: 'not it at all', new_password: 'a new secret 1' }, a.auth);
    expect(wrong.status).toBe(401);
    expect(wrong.body.base_resp.status_code).toBe(301001);
    const short = await post('/user/change-password/', { old_password: PASSWORD, new_password: 'short' }, a.auth);
    expect(short.status).toBe(400);
    const changed = await post('/user/change-password/', { old_password: PASSWORD, new_password: 'a new secret 1' }, a.auth);
    expect(changed.status).toBe(200);
    expect((await info(a.access)).status).toBe(200);
    expect((await info(b.access)).status).toBe(401);
    expect((await loginAs('changer@example.com')).status).toBe(401);
    expect((await loginAs('changer@example.com', 'a new secret 1')).status).toBe(200);
  });

  it('a ban ends every access token', async () => {
    const a = await signUp(ctx, 'banned@example.com');
    await ctx.database.db.update(users).set({ status: 'banned' }).where(eq(users.uid, a.uid));
    const res = await info(a.access);
    expect(res.status).toBe(403);
    expect(res.body.base_resp.status_code).toBe(301006);
  });
});

describe('password reset by a mailed code', () => {
  it('resets the password, ends every session and keeps the code to its purpose', async () => {
    const a = await signUp(ctx, 'forgetful@example.com', { language: 'ja' });
    const sent = await post('/user/send-reset-code/', { email: 'Forgetful@Example.com' });
    expect(sent.body.data).toEqual({ resend_after: 60 });
    const mail = outbox(ctx).at(-1)!;
    expect(mail).toMatchObject({ to: 'forgetful@example.com', subject: 'Butterfic パスワードの再設定' });
    // A reset code is not a verification code, and the cooldown is shared.
    expect((await post('/user/send-verification-code/', { email: 'forgetful@example.com' })).status).toBe(200);
    expect((await post('/user/send-reset-code/', { email: 'forgetful@example.com' })).status).toBe(429);

    const wrongCode = mail.code === '000000' ? '111111' : '000000';
    const wrong = await post('/user/reset-password/', { email: 'forgetful@example.com', code: wrongCode, password: 'brand new pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.base_resp.status_code).toBe(301008);
    const ok = await post('/user/reset-password/', { email: 'forgetful@example.com', code: mail.code, password: 'brand new pass' });
    expect(ok.status).toBe(200);
    expect((await info(a.access)).status).toBe(401);
    expect((await loginAs('forgetful@example.com', 'brand new pass')).status).toBe(200);
    const again = await post('/user/reset-password/', { email: 'forgetful@example.com', code: mail.code, password: 'third password' });
    expect(again.status).toBe(400);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const before = outbox(ctx).length;
    const res = await post('/user/send-reset-code/', { email: 'nobody-here@example.com' });
    expect(res.body.data).toEqual({ resend_after: 60 });
    expect(outbox(ctx).length).toBe(before);
  });

  it('verifies an unverified address, since the code proves it', async () => {
    await post('/user/create/', { age_confirmed: true, email: 'late@example.com', password: PASSWORD });
    await post('/user/send-reset-code/', { email: 'late@example.com' });
    const code = lastCodeFor(ctx, 'late@example.com');
    expect((await post('/user/reset-password/', { email: 'late@example.com', code, password: 'verified now' })).status).toBe(200);
    expect((await loginAs('late@example.com', 'verified now')).status).toBe(200);
  });
});

describe('unverified accounts older than 7 days', () => {
  it('give their address back to whoever registers it, and the sweep releases the rest', async () => {
    const first = await post('/user/create/', { age_confirmed: true, email: 'squatter@example.com', password: PASSWORD });
    await post('/user/create/', { age_confirmed: true, email: 'idle@example.com', password: PASSWORD });
    await post('/user/create/', { age_confirmed: true, email: 'fresh@example.com', password: PASSWORD });
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await ctx.database.db
      .update(users)
      .set({ createdAt: eightDaysAgo })
      .where(sql`${users.email} in ('squatter@example.com', 'idle@example.com')`);
    const again = await post('/user/create/', { age_confirmed: true, email: 'squatter@example.com', password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.data.uid).not.toBe(first.body.data.uid);
    const [old] = await ctx.database.db.select().from(users).where(eq(users.uid, first.body.data.uid));
    expect(old?.email).toBe(`removed+${first.body.data.uid}@removed.invalid`);
    expect(old?.removedAt).not.toBeNull();

    expect(await releaseUnverified(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const emails = (await ctx.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).not.toContain('idle@example.com');
    expect(emails).toContain('fresh@example.com');
  });
});

describe('every answer in the envelope, with the security headers', () => {
  it('answers a query string over 16 KB with 400 in the envelope', async () => {
    const res = await ctx.request('GET', `/api/v1/health/?q=${'x'.repeat(17 * 1024)}`);
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an oversized body and an unknown content type with 400 in the envelope', async () => {
    const big = await ctx.request('POST', '/api/v1/user/login/', {
      raw: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(400);
    expect(big.body.base_resp.status_code).toBe(400001);
    const media = await ctx.request('POST', '/api/v1/user/login/', { raw: 'x', headers: { 'content-type': 'text/xml' } });
    expect(media.status).toBe(400);
    expect(media.body.base_resp.status_code).toBe(400001);
    const badType = await ctx.request('POST', '/api/v1/user/login/', { raw: 'x', headers: { 'content-type': '/;;' } });
    expect(badType.status).toBeGreaterThanOrEqual(400);
    expect(badType.body.base_resp.status_code).toBe(400001);
  });

  it('answers a malformed URL escape and an unknown method in the envelope', async () => {
    const bad = await ctx.request('GET', '/api/v1/novel/details/%E0%A4%A');
    expect(bad.body.base_resp?.status_code).toBeGreaterThan(0);
    const method = await ctx.request('PROPFIND', '/api/v1/health/');
    expect(method.status).toBeGreaterThanOrEqual(400);
    expect(method.body.base_resp.status_code).toBeGreaterThan(0);
  });

  it('sends the security headers on SSE streams too', async () => {
    const me = await signUp(ctx, 'streamer@example.com');
    const started = await post('/novel/generate/', storyRequest(), me.auth);
    expect(started.status).toBe(200);
    const abort = new AbortController();
    const res = await fetch(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${started.body.data.novel_uid}`, {
      headers: me.auth,
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    for (const header of ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy']) {
      expect(res.headers.get(header), header).toBeTruthy();
    }
    abort.abort();
  });
});

describe('admins must be verified (issue 25)', () => {
  it('gives the admin role only to a verified address, even with REQUIRE_EMAIL_VERIFICATION=false', async () => {
    const open = await createTestContext({ env: { REQUIRE_EMAIL_VERIFICATION: 'false', ADMIN_EMAILS: 'chief@example.com' } });
    try {
      const headers = { 'x-forwarded-for': someIp() };
      const email = 'chief@example.com';
      const created = await open.request('POST', '/api/v1/user/create/', {
        body: { email, password: PASSWORD, gender: 'female' },
        headers,
      });
      expect(created.body.data.verification_required).toBe(false);
      const login = await open.request('POST', '/api/v1/user/login/', { body: { email, password: PASSWORD }, headers });
      const auth = { authorization: `Bearer ${login.body.data.tokens.access}` };
      expect((await open.request('GET', '/api/v1/user/info/', { headers: auth })).body.data.is_admin).toBe(false);
      const console = await open.request('GET', '/api/v1/admin/reports/', { headers: auth });
      expect(console.status).toBe(404);
      expect(console.body.base_resp.status_code).toBe(404001);

      await open.request('POST', '/api/v1/user/send-verification-code/', { body: { email }, headers });
      expect(
        (await open.request('POST', '/api/v1/user/verify-code/', { body: { email, code: lastCodeFor(open, email) }, headers })).status,
      ).toBe(200);
      expect((await open.request('GET', '/api/v1/user/info/', { headers: auth })).body.data.is_admin).toBe(true);
      expect((await open.request('GET', '/api/v1/admin/reports/', { headers: auth })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('codes cannot be guessed (issue 25)', () => {
  it('holds an address for a day after 20 wrong codes from any number of client addresses, and mails its owner', async () => {
    const email = 'guessed@example.com';
    const created = await post('/user/create/', { email, password: PASSWORD, gender: 'female', language: 'zh-TW' });
    expect(created.status).toBe(200);
    await post('/user/send-verification-code/', { email });
    const right = lastCodeFor(ctx, email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let batch = 0; batch < 2; batch++) {
      // Ten minutes pass between batches (the per-10-minutes counter of the address starts again).
      await ctx.database.db.execute(sql`delete from rate_limits where key = ${`verify:email:${email}`}`);
      for (let i = 0; i < 10; i++) {
        const res =
          i % 2
            ? await post('/user/verify-code/', { email, code: wrong })
            : await post('/user/reset-password/', { email, code: wrong, password: 'another good password' });
        expect(res.body.base_resp.status_code, `try ${batch * 10 + i + 1}`).toBe(301008);
      }
    }
    const notice = outbox(ctx).filter((m) => m.to === email && !m.code);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toContain('暫停');
    expect(notice[0]!.text).toContain('20');

    await ctx.database.db.execute(sql`delete from rate_limits where key = ${`verify:email:${email}`}`);
    const held = await post('/user/verify-code/', { email, code: right });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(held.body.base_resp.status_code).toBe(429001);
    expect(held.body.base_resp.status_msg).toMatch(/paused for a day/);
    // Another address is not held.
    const other = 'not-guessed@example.com';
    await post('/user/create/', { email: other, password: PASSWORD, gender: 'female' });
    await post('/user/send-verification-code/', { email: other });
    expect((await post('/user/verify-code/', { email: other, code: lastCodeFor(ctx, other) })).status).toBe(200);
  });

  it('does not count right codes against the address', async () => {
    const email = 'rightful@example.com';
    await post('/user/create/', { email, password: PASSWORD, gender: 'female' });
    await post('/user/send-verification-code/', { email });
    expect((await post('/user/verify-code/', { email, code: lastCodeFor(ctx, email) })).status).toBe(200);
    const counted = await ctx.database.db.execute<{ count: number }>(
      sql`select count from rate_limits where key = ${`code:fail:${email}`}`,
    );
    expect(counted.rows[0]?.count ?? 0).toBe(0);
  });
});
