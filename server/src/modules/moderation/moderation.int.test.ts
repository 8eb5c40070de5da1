import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, PASSWORD, signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/** Reports, the operator console's calls, takedowns, bans and suspensions, with their audit rows. */
let ctx: TestContext;
let adminAuth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_EMAILS: 'Boss@Example.com' } });
  adminAuth = (await signUp(ctx, 'boss@example.com')).auth;
});
afterAll(() => ctx.close());

// Each post its own text: a taken-down text cannot be posted again (takedowns.int.test.ts).
let tales = 0;
const newPost = async (auth: Record<string, string>, title = 'A tale') => {
  const created = await ctx.request('POST', '/api/v1/post/create/', {
    body: { title, content: `Once upon a time two friends went sailing (${++tales}).`, language: 'en', is_public: 1 },
    headers: auth,
  });
  expect(created.status).toBe(200);
  return created.body.data.uid as string;
};
const report = (body: Record<string, unknown>, ip = someIp()) =>
  ctx.request('POST', '/api/v1/report/', {
    body: { target_type: 'post', reason: 'stolen text', ...body },
    headers: { 'x-forwarded-for': ip },
  });
const details = (uid: string, auth: Record<string, string> = {}) =>
  ctx.request('GET', `/api/v1/post/details/?post_uid=${uid}`, { headers: auth });
const login = (email: string) =>
  ctx.request('POST', '/api/v1/user/login/', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': someIp() } });

describe('reports', () => {
  it('takes a visitor report with a snapshot that later edits do not change', async () => {
    const author = await signUp(ctx, 'snap-author@example.com');
    const uid = await newPost(author.auth, 'Original title');
    const filed = await report({ target_uid: uid, contact_email: 'Rights@Example.com' });
    expect(filed.status).toBe(200);
    await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: uid, title: 'Innocent title', content: 'Nothing to see.', is_public: 1 },
      headers: author.auth,
    });
    const queue = await ctx.request('GET', '/api/v1/admin/reports/', { headers: adminAuth });
    const row = queue.body.data.results.find((r: { uid: string }) => r.uid === filed.body.data.uid);
    expect(row).toMatchObject({
      target_uid: uid,
      contact_email: 'rights@example.com',
      target_status: 'active',
      author_uid: author.uid,
      snapshot: { title: 'Original title', text: expect.stringMatching(/^Once upon a time two friends went sailing \(\d+\)\.$/) },
    });
    expect(row.due_time - row.created_time).toBe(24 * 3600);
  });

  it('answers 404001 for unknown content and limits reports per address and per e-mail', async () => {
    expect((await report({ target_uid: 'nope' })).body.base_resp.status_code).toBe(404001);
    const author = await signUp(ctx, 'flood-author@example.com');
    const uid = await newPost(author.auth);
    const ip = someIp();
    for (let i = 0; i < 10; i++) expect((await report({ target_uid: uid }, ip)).status).toBe(200);
    const limited = await report({ target_uid: uid }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.base_resp.status_code).toBe(429001);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same contact address from many places.
    const other = await newPost(author.auth, 'Other');
    for (let i = 0; i < 10; i++) expect((await report({ target_uid: other, contact_email: 'same@example.com' })).status).toBe(200);
    expect((await report({ target_uid: other, contact_email: 'same@example.com' })).body.base_resp.status_code).toBe(429001);
  });

  it('keeps one open report per reporter and target, and no per-target cap an author could fill', async () => {
    const author = await signUp(ctx, 'dedupe-author@example.com');
    const uid = await newPost(author.auth, 'Reported once');
    const openOn = async (target: string) => {
      const queue = await ctx.request('GET', '/api/v1/admin/reports/', { headers: adminAuth });
      return queue.body.data.results.filter((r: { target_uid: string }) => r.target_uid === target);
    };
    // A visitor sending it again, from another address of the same IPv6 /64: one report.
    const first = await report({ target_uid: uid, reason: 'copied' }, '2001:db8:77:1::10');
    const again = await report({ target_uid: uid, reason: 'copied, really' }, '2001:db8:77:1:ffff::2');
    expect(again.status).toBe(200);
    expect(again.body.data.uid).toBe(first.body.data.uid);
    // A signed-in reporter from two addresses, twice at once: one report.
    const reader = await signUp(ctx, 'dedupe-reader@example.com');
    const twice = await Promise.all(
      [someIp(), someIp()].map((ip) =>
        ctx.request('POST', '/api/v1/report/', {
          body: { target_type: 'post', target_uid: uid, reason: 'hateful' },
          headers: { ...reader.auth, 'x-forwarded-for': ip },
        }),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice[0]!.body.data.uid).toBe(twice[1]!.body.data.uid);
    expect((await openOn(uid)).map((r: { reason: string }) => r.reason).sort()).toEqual(['copied', 'hateful']);

    // The author's own flood from many addresses does not shut real reporters out.
    const flooded = await newPost(author.auth, 'Flooded');
    for (let i = 0; i < 25; i++) expect((await report({ target_uid: flooded, reason: 'nothing wrong' })).status).toBe(200);
    const real = await report({ target_uid: flooded, reason: 'stolen from my blog', contact_email: 'owner@example.com' });
    expect(real.status).toBe(200);
    const filed = await ctx.database.db.execute(sql`select uid from reports where target_uid = ${flooded} and status = 'open'`);
    expect(filed.rows).toHaveLength(26);
    expect(filed.rows.map((r) => r.uid)).toContain(real.body.data.uid);
  });
});

describe('the console and takedowns', () => {
  it('is not there for anyone but admins', async () => {
    const someone = await signUp(ctx, 'curious@example.com');
    for (const headers of [{}, someone.auth]) {
      const answer = await ctx.request('GET', '/api/v1/admin/reports/', { headers });
      expect(answer.status).toBe(404);
      expect(answer.body.base_resp.status_code).toBe(404001);
      const action = await ctx.request('POST', '/api/v1/admin/user/', {
        body: { action: 'ban', user_uid: someone.uid, reason: 'x' },
        headers,
      });
      expect(action.body.base_resp.status_code).toBe(404001);
    }
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: someone.auth })).body.data.is_admin).toBe(false);
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: adminAuth })).body.data.is_admin).toBe(true);
  });

  it('follows a report to a takedown: hidden from everyone but the author, mails sent, audited, restorable', async () => {
    const author = await signUp(ctx, 'td-author@example.com');
    const reader = await signUp(ctx, 'td-reader@example.com');
    const uid = await newPost(author.auth, 'Copied chapter');
    const filed = await report({ target_uid: uid, contact_email: 'holder@example.com' });
    const down = await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'takedown', target_type: 'post', target_uid: uid, reason: 'copyright claim #7' },
      headers: adminAuth,
    });
    expect(down.status).toBe(200);

    for (const auth of [{}, reader.auth, adminAuth]) expect((await details(uid, auth)).body.base_resp.status_code).toBe(404001);
    const own = await details(uid, author.auth);
    expect(own.status).toBe(200);
    expect(own.body.data.takedown).toMatchObject({ reason: 'copyright claim #7' });
    const feed = await ctx.request('GET', '/api/v1/post/list/', {});
    expect(feed.body.data.results.map((p: { uid: string }) => p.uid)).not.toContain(uid);
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: author.auth });
    expect(mine.body.data.results.find((p: { uid: string }) => p.uid === uid).takedown.reason).toBe('copyright claim #7');

    const mails = outbox(ctx);
    expect(mails.some((m) => m.to === 'holder@example.com' && m.text.includes('Copied chapter'))).toBe(true);
    expect(mails.some((m) => m.to === 'td-author@example.com' && m.text.includes('copyright claim #7'))).toBe(true);

    const closed = await ctx.request('GET', '/api/v1/admin/reports/?status=actioned', { headers: adminAuth });
    expect(closed.body.data.results.find((r: { uid: string }) => r.uid === filed.body.data.uid)).toMatchObject({
      target_status: 'taken_down',
      resolution: 'copyright claim #7',
    });
    const open = await ctx.request('GET', '/api/v1/admin/reports/', { headers: adminAuth });
    expect(open.body.data.results.map((r: { uid: string }) => r.uid)).not.toContain(filed.body.data.uid);

    await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'restore', target_type: 'post', target_uid: uid, reason: 'counter-notice accepted' },
      headers: adminAuth,
    });
    expect((await details(uid, reader.auth)).status).toBe(200);

    const audit = await ctx.request('GET', `/api/v1/admin/audit/?target_uid=${uid}`, { headers: adminAuth });
    expect(audit.body.data.results.map((e: { action: string; actor: string; reason: string }) => [e.action, e.actor, e.reason])).toEqual([
      ['restore', 'boss@example.com', 'counter-notice accepted'],
      ['takedown', 'boss@example.com', 'copyright claim #7'],
    ]);
  });

  it("tells each reporter the outcome in the reporter's language, not the content's", async () => {
    const author = await signUp(ctx, 'lang-author@example.com');
    const korean = await signUp(ctx, 'lang-reader-ko@example.com', { language: 'ko' });
    const uid = await newPost(author.auth, 'Borrowed chapter');
    // A visitor reporting from the Japanese interface; a signed-in Korean reader whose client sends no language;
    // a visitor from a client that sends none.
    expect((await report({ target_uid: uid, contact_email: 'ja-holder@example.com', language: 'ja' })).status).toBe(200);
    const signedIn = await ctx.request('POST', '/api/v1/report/', {
      body: { target_type: 'post', target_uid: uid, reason: 'stolen text', contact_email: 'ko-reader@example.com' },
      headers: { ...korean.auth, 'x-forwarded-for': someIp() },
    });
    expect(signedIn.status).toBe(200);
    expect((await report({ target_uid: uid, contact_email: 'plain@example.com' })).status).toBe(200);
    expect((await report({ target_uid: uid, language: 'xx' })).status).toBe(400);

    const down = await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'takedown', target_type: 'post', target_uid: uid, reason: 'claim #9' },
      headers: adminAuth,
    });
    expect(down.status).toBe(200);
    const mailTo = (to: string) => outbox(ctx).find((m) => m.to === to);
    expect(mailTo('ja-holder@example.com')?.subject).toContain('ご通報');
    expect(mailTo('ja-holder@example.com')?.text).toContain('投稿「Borrowed chapter」');
    expect(mailTo('ko-reader@example.com')?.subject).toContain('신고 결과');
    expect(mailTo('ko-reader@example.com')?.text).toContain('게시물 ‘Borrowed chapter’의 게시를 중단했습니다');
    // No language known: the content's (an English post).
    expect(mailTo('plain@example.com')?.subject).toBe('Your Butterfic report: the content was taken down');
  });

  it('orders the queue by the time left in the 24-hour window', async () => {
    const author = await signUp(ctx, 'order-author@example.com');
    const a = await newPost(author.auth, 'Newer');
    const b = await newPost(author.auth, 'Older');
    const ra = (await report({ target_uid: a })).body.data.uid as string;
    const rb = (await report({ target_uid: b })).body.data.uid as string;
    await ctx.database.pool.query(`update reports set created_at = now() - interval '20 hours' where uid = $1`, [rb]);
    const queue = await ctx.request('GET', '/api/v1/admin/reports/', { headers: adminAuth });
    const ids = queue.body.data.results.map((r: { uid: string }) => r.uid);
    // The queue holds earlier tests' reports too (a full page of them): the 20-hour-old one still leads it.
    expect(ids[0]).toBe(rb);
    expect(ids.includes(ra) ? ids.indexOf(ra) : Infinity).toBeGreaterThan(0);
  });
});

describe('personas', () => {
  it("takes a reported persona down (the author still sees why) and hides a banned author's personas", async () => {
    const author = await signUp(ctx, 'persona-author@example.com');
    const created = await ctx.request('POST', '/api/v1/persona/create/', {
      headers: author.auth,
      body: {
        char_a_name: 'Ines',
        char_a_setting: 'a lighthouse keeper, 34',
        char_b_name: 'Tomas',
        char_b_setting: 'a shipwrecked cartographer, 31',
        plot: 'A storm strands him on her island.',
        description: 'Storm-bound strangers',
        tags: 'sea',
        is_r18: 0,
        first_person: 2,
        dialogue_heavy: 1,
        language: 'en',
      },
    });
    expect(created.status).toBe(200);
    const uid = created.body.data.uid as string;
    const persona = (auth: Record<string, string> = {}) =>
      ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`, { headers: auth });
    const inFeed = async () =>
      ((await ctx.request('GET', '/api/v1/persona/list/?language=en')).body.data.results as { uid: string }[]).some((p) => p.uid === uid);

    const filed = await report({ target_type: 'persona', target_uid: uid, reason: 'my characters' });
    expect(filed.status).toBe(200);
    // (The queue's first page is full of earlier tests' reports: the snapshot is read from the table.)
    const stored = await ctx.database.pool.query(`select snapshot from reports where uid = $1`, [filed.body.data.uid]);
    expect(stored.rows[0].snapshot).toMatchObject({ title: 'Ines × Tomas' });
    expect(stored.rows[0].snapshot.author_name).not.toContain('persona-author'); // a pen name (issue 25)

    await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'takedown', target_type: 'persona', target_uid: uid, reason: 'copied characters' },
      headers: adminAuth,
    });
    expect((await persona()).body.base_resp.status_code).toBe(404001);
    expect(await inFeed()).toBe(false);
    expect((await persona(author.auth)).body.data.takedown.reason).toBe('copied characters');

    await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'restore', target_type: 'persona', target_uid: uid, reason: 'resolved' },
      headers: adminAuth,
    });
    expect((await persona()).status).toBe(200);
    expect(await inFeed()).toBe(true);

    await ctx.request('POST', '/api/v1/admin/user/', { body: { action: 'ban', user_uid: author.uid, reason: 'spam' }, headers: adminAuth });
    expect((await persona()).body.base_resp.status_code).toBe(404001);
    expect(await inFeed()).toBe(false);
  });
});

describe('minimum age', () => {
  it("registers SPEC's three-field sign-up (the agreement confirms the age), keeps the checkbox when sent, and refuses an explicit no", async () => {
    const headers = { 'x-forwarded-for': someIp() };
    const confirmedBy = async (email: string) =>
      (await ctx.database.pool.query(`select age_confirmed_at, age_confirmed_by from users where email = $1`, [email])).rows[0];
    // A client built to SPEC.md section 7 sends email, password and gender, nothing else.
    const spec = await ctx.request('POST', '/api/v1/user/create/', {
      body: { email: 'spec-client@example.com', password: PASSWORD, gender: 'female' },
      headers,
    });
    expect(spec.status).toBe(200);
    expect(spec.body.data.email).toBe('spec-client@example.com');
    expect(await confirmedBy('spec-client@example.com')).toEqual({ age_confirmed_at: expect.any(Date), age_confirmed_by: 'agreement' });

    const body = { email: 'young@example.com', password: PASSWORD };
    const no = await ctx.request('POST', '/api/v1/user/create/', { body: { ...body, age_confirmed: false }, headers });
    expect(no.status).toBe(400);
    expect(no.body.base_resp.status_code).toBe(400001);
    expect(no.body.data.fields.age_confirmed).toBeTruthy();
    expect((await ctx.database.pool.query(`select 1 from users where email = 'young@example.com'`)).rowCount).toBe(0);
    const yes = await ctx.request('POST', '/api/v1/user/create/', { body: { ...body, age_confirmed: true }, headers });
    expect(yes.status).toBe(200);
    expect(await confirmedBy('young@example.com')).toEqual({ age_confirmed_at: expect.any(Date), age_confirmed_by: 'checkbox' });
  });
});

describe('bans and suspensions', () => {
  it('blocks login and refresh (301006 with the end of a suspension), hides public content, and is audited', async () => {
    const user = await signUp(ctx, 'bad-actor@example.com');
    const uid = await newPost(user.auth, 'Spam post');
    const suspended = await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'suspend', user_uid: user.uid, days: 3, reason: 'spam' },
      headers: adminAuth,
    });
    expect(suspended.status).toBe(200);

    const refused = await login('bad-actor@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(301006);
    const until = refused.body.data.suspended_until as number;
    expect(until).toBeGreaterThan(Date.now() / 1000 + 3 * 86400 - 120);
    expect(until).toBeLessThan(Date.now() / 1000 + 3 * 86400 + 120);
    const refresh = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: user.refresh } });
    expect(refresh.body.base_resp.status_code).toBe(301006);
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: user.auth })).body.base_resp.status_code).toBe(301006);
    expect((await details(uid)).body.base_resp.status_code).toBe(404001);
    expect(outbox(ctx).some((m) => m.to === 'bad-actor@example.com' && m.text.includes('spam'))).toBe(true);

    await ctx.request('POST', '/api/v1/admin/user/', { body: { action: 'ban', user_uid: user.uid, reason: 'again' }, headers: adminAuth });
    const banned = await login('bad-actor@example.com');
    expect(banned.body.data).toMatchObject({ account_status: 'banned', suspended_until: null });

    await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'unban', user_uid: user.uid, reason: 'appeal' },
      headers: adminAuth,
    });
    expect((await login('bad-actor@example.com')).status).toBe(200);
    expect((await details(uid)).status).toBe(200);

    const rows = await ctx.database.pool.query(
      `select actor, action, reason from audit_log where target_type = 'user' and target_uid = $1 order by id`,
      [user.uid],
    );
    expect(rows.rows).toEqual([
      { actor: 'boss@example.com', action: 'suspend', reason: 'spam' },
      { actor: 'boss@example.com', action: 'ban', reason: 'again' },
      { actor: 'boss@example.com', action: 'unban', reason: 'appeal' },
    ]);
  });

  it('counts only failed logins against an address, and a guesser elsewhere cannot lock the owner out', async () => {
    await signUp(ctx, 'popular@example.com');
    const here = { 'x-forwarded-for': '203.0.113.9' };
    const attempt = (password: string, headers: Record<string, string> = { 'x-forwarded-for': someIp() }) =>
      ctx.request('POST', '/api/v1/user/login/', { body: { email: 'popular@example.com', password }, headers });
    // Successful logins never spend the budget.
    for (let i = 0; i < 12; i++) expect((await attempt(PASSWORD, here)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt('not the password', here)).body.base_resp.status_code).toBe(301001);
    expect((await attempt('not the password', here)).body.base_resp.status_code).toBe(429001);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });
});

describe('hygiene', () => {
  it('keeps the dev outbox to its owner, and sends HSTS only when PUBLIC_URL is https', async () => {
    expect(fs.statSync(path.join(ctx.dataDir, 'outbox.jsonl')).mode & 0o777).toBe(0o600);
    expect((await ctx.request('GET', '/api/v1/health/')).headers.get('strict-transport-security')).toBeNull();
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://butterfic.example', PAYMENTS: 'sandbox' } });
    try {
      expect((await secure.request('GET', '/api/v1/health/')).headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('admins and admins', () => {
  it('refuses an admin suspending or banning another admin (403001, nothing changed)', async () => {
    const two = await createTestContext({ env: { ADMIN_EMAILS: 'first-admin@example.com,second-admin@example.com' } });
    try {
      const first = await signUp(two, 'first-admin@example.com');
      const second = await signUp(two, 'second-admin@example.com');
      for (const body of [
        { action: 'ban', user_uid: second.uid, reason: 'coup' },
        { action: 'suspend', user_uid: second.uid, days: 3, reason: 'coup' },
      ]) {
        const refused = await two.request('POST', '/api/v1/admin/user/', { body, headers: first.auth });
        expect([refused.status, refused.body.base_resp.status_code]).toEqual([403, 403001]);
        expect(refused.body.base_resp.status_msg).toContain('another admin');
      }
      expect((await two.request('GET', '/api/v1/user/info/', { headers: second.auth })).status).toBe(200);
      const audited = await two.database.pool.query(`select count(*)::int as n from audit_log where target_uid = $1`, [second.uid]);
      expect(audited.rows[0].n).toBe(0);
      // An ordinary account is still banned as before.
      const user = await signUp(two, 'plain-user@example.com');
      const banned = await two.request('POST', '/api/v1/admin/user/', { body: { action: 'ban', user_uid: user.uid, reason: 'spam' }, headers: first.auth });
      expect(banned.status).toBe(200);
    } finally {
      await two.close();
    }
  });
});
