import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeFor, outbox, PASSWORD, signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.request('POST', `/api/v1${path}`, { body, headers: { 'x-forwarded-for': someIp(), ...headers } });

describe('sign-in with auto-registration and verification', () => {
  it('walks the login flow of SPEC.md section 4: 301004 → register → 301007 → code → tokens', async () => {
    const email = 'Reader.One@Example.com';
    const unknown = await post('/user/login/', { email, password: PASSWORD });
    expect(unknown.status).toBe(404);
    expect(unknown.body.base_resp.status_code).toBe(301004);

    const created = await post('/user/create/', { age_confirmed: true, email: `  ${email} `, password: PASSWORD, gender: 'female' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ email: 'reader.one@example.com', verification_required: true });

    const unverified = await post('/user/login/', { email, password: PASSWORD });
    expect(unverified.status).toBe(403);
    expect(unverified.body.base_resp.status_code).toBe(301007);

    const sent = await post('/user/send-verification-code/', { email });
    expect(sent.body.data).toEqual({ resend_after: 60 });
    const mail = outbox(ctx).at(-1)!;
    expect(mail.to).toBe('reader.one@example.com');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);

    const wrongCode = mail.code === '000000' ? '111111' : '000000';
    const wrong = await post('/user/verify-code/', { email, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.base_resp).toEqual({ status_code: 301008, status_msg: 'Verification failed, please try again' });

    const right = await post('/user/verify-code/', { email, code: mail.code });
    expect(right.status).toBe(200);

    const login = await post('/user/login/', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ email: 'reader.one@example.com', language: 'en' });
    // A pen name (two English words and a number), nothing taken from the address (issue 25).
    expect(login.body.data.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{2,4}$/);
    expect(login.body.data.name.toLowerCase()).not.toContain('reader');
    expect(login.body.data.tokens.access.split('.')).toHaveLength(3);
    expect(login.body.data.tokens.refresh.length).toBeGreaterThan(30);

    const info = await ctx.request('GET', `/api/v1/user/info/?uid=${login.body.data.uid}`, {
      headers: { authorization: `Bearer ${login.body.data.tokens.access}` },
    });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ uid: login.body.data.uid, balance: 6, email_verified: true, adult_confirmed_at: null });
    expect(info.body.data.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses a second account for the same address, in any case or spacing', async () => {
    await signUp(ctx, 'twice@example.com');
    const again = await post('/user/create/', { age_confirmed: true, email: ' TWICE@example.com', password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.base_resp.status_code).toBe(301002);
  });

  it('validates e-mail and password length with field messages', async () => {
    const cases = [
      [{ email: 'not-an-email', password: PASSWORD }, 'email'],
      [{ email: 'a@b.c', password: 'short12' }, 'password'],
      [{ email: 'a@b.c', password: 'x'.repeat(129) }, 'password'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await post('/user/create/', body);
      expect(res.status).toBe(400);
      expect(res.body.base_resp.status_code).toBe(400001);
      expect(res.body.data.fields).toHaveProperty(field);
    }
    const edge = await post('/user/create/', { age_confirmed: true, email: 'eight@example.com', password: '12345678' });
    expect(edge.status).toBe(200);
  });

  it("names the field in the caller's language: a malformed address at login, a short password at sign-up", async () => {
    const login = await post('/user/login/', { email: 'not-an-email', password: PASSWORD });
    expect([login.status, login.body.base_resp.status_code]).toEqual([400, 400001]);
    expect(login.body.base_resp.status_msg).toMatch(/e-mail address is not valid/);
    expect(login.body.data.fields.email).toBe('invalid email!');
    const korean = await post('/user/login/', { email: 'not-an-email', password: PASSWORD }, { 'accept-language': 'ko-KR' });
    expect(korean.body.base_resp.status_msg).toContain('이메일 주소가 올바르지 않아요');
    const short = await post('/user/create/', { email: 'short-pw@example.com', password: 'short12', gender: 'female' }, { 'accept-language': 'ja' });
    expect([short.status, short.body.base_resp.status_code]).toEqual([400, 400001]);
    expect(short.body.base_resp.status_msg).toBe('パスワードは8文字以上にしてください。');
    const english = await post('/user/create/', { email: 'short-pw@example.com', password: 'short12', gender: 'female' });
    expect(english.body.base_resp.status_msg).toBe('The password must be at least 8 characters long.');
    // Any other field is named as it is sent.
    const other = await post('/user/create/', { email: 'other-field@example.com', password: PASSWORD, language: 'xx' });
    expect(other.body.base_resp.status_msg).toContain('“language”');
  });

  it('pays the 6 Butter of a sign-up once per real inbox (+tags and dots fold), and again for another inbox', async () => {
    const balance = async (email: string) => {
      const me = await signUp(ctx, email);
      return (await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth })).body.data.balance as number;
    };
    expect(await balance('farmer@example.com')).toBe(6);
    expect(await balance('farmer+1@example.com')).toBe(0);
    expect(await balance('far.mer+2@example.com')).toBe(0);
    expect(await balance('farmer2@example.com')).toBe(6);
    // Ten sign-ups of one inbox at once: one grant.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/user/create/', { age_confirmed: true, email: `racer+${i}@example.com`, password: PASSWORD })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const grants = await ctx.database.pool.query(
      `select count(*)::int as n, coalesce(sum(l.amount), 0)::int as butter from ledger l join users u on u.uid = l.user_uid
       where l.kind = 'signup' and u.email like 'racer+%'`,
    );
    expect(grants.rows[0]).toEqual({ n: 1, butter: 6 });
  });

  it('answers a wrong password with 301001', async () => {
    await signUp(ctx, 'wrongpw@example.com');
    const res = await post('/user/login/', { email: 'wrongpw@example.com', password: 'not the password' });
    expect(res.status).toBe(401);
    expect(res.body.base_resp.status_code).toBe(301001);
  });

  it('keeps a code for 10 minutes and 5 tries at most', async () => {
    const email = 'tries@example.com';
    await post('/user/create/', { age_confirmed: true, email, password: PASSWORD });
    await post('/user/send-verification-code/', { email });
    const code = lastCodeFor(ctx, email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await post('/user/verify-code/', { email, code: wrong })).body.base_resp.status_code).toBe(301008);
    const late = await post('/user/verify-code/', { email, code });
    expect(late.body.base_resp.status_code).toBe(301008);

    const expiring = 'expiring@example.com';
    await post('/user/create/', { age_confirmed: true, email: expiring, password: PASSWORD });
    await post('/user/send-verification-code/', { email: expiring });
    await ctx.database.pool.query(
      `update verification_codes set expires_at = now() - interval '1 second' where user_uid = (select uid from users where email = $1)`,
      [expiring],
    );
    const expired = await post('/user/verify-code/', { email: expiring, code: lastCodeFor(ctx, expiring) });
    expect(expired.body.base_resp.status_code).toBe(301008);
  });

  it('enforces the 60 s resend cooldown on the server, even for simultaneous requests', async () => {
    const email = 'cooldown@example.com';
    await post('/user/create/', { age_confirmed: true, email, password: PASSWORD });
    const before = outbox(ctx).length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/user/send-verification-code/', { email })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(7);
    for (const answer of limited) {
      expect(answer.body.base_resp.status_code).toBe(429001);
      const retry = Number(answer.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(50);
      expect(retry).toBeLessThanOrEqual(60);
    }
    expect(outbox(ctx).length - before).toBe(1);
    // 61 seconds later (moved back in the database) a new code goes out and the old one dies.
    const first = lastCodeFor(ctx, email);
    await ctx.database.pool.query(`update verification_codes set sent_at = now() - interval '61 seconds'`);
    expect((await post('/user/send-verification-code/', { email })).status).toBe(200);
    const second = lastCodeFor(ctx, email);
    if (first !== second) expect((await post('/user/verify-code/', { email, code: first })).body.base_resp.status_code).toBe(301008);
    expect((await post('/user/verify-code/', { email, code: second })).status).toBe(200);
  });

  it('answers a code for a verified address as for an unknown one, confirming nothing', async () => {
    await signUp(ctx, 'already@example.com');
    const verified = await post('/user/verify-code/', { email: 'already@example.com', code: '123456' });
    const unknown = await post('/user/verify-code/', { email: 'never-registered@example.com', code: '123456' });
    expect([verified.status, verified.body.base_resp]).toEqual([unknown.status, unknown.body.base_resp]);
    expect(verified.body.base_resp.status_code).toBe(301008);
  });

  it('sends no mail to unknown or verified addresses but answers the same', async () => {
    const before = outbox(ctx).length;
    const unknown = await post('/user/send-verification-code/', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    await signUp(ctx, 'done@example.com');
    const mid = outbox(ctx).length;
    const verified = await post('/user/send-verification-code/', { email: 'done@example.com' });
    expect(verified.status).toBe(200);
    expect(outbox(ctx).length).toBe(mid);
    expect(mid - before).toBe(1);
  });

  it('writes the verification mail in the account language', async () => {
    const expectations = { ko: /인증번호/, ja: /認証コード/, 'zh-CN': /验证码/, 'zh-TW': /驗證碼/, en: /verification code/ } as const;
    for (const [language, pattern] of Object.entries(expectations)) {
      const email = `mail-${language.toLowerCase()}@example.com`;
      await post('/user/create/', { age_confirmed: true, email, password: PASSWORD, language });
      await post('/user/send-verification-code/', { email });
      const mail = outbox(ctx).at(-1)!;
      expect(mail.to).toBe(email);
      expect(mail.subject).toMatch(pattern);
    }
  });

  it('rate-limits failed logins per e-mail and client address with Retry-After', async () => {
    const email = 'limited@example.com';
    await signUp(ctx, email);
    // Only failures count (signUp's successful login did not): 10 wrong passwords from one place fit, the next try is refused.
    const here = { 'x-forwarded-for': '198.51.100.23' };
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await post('/user/login/', { email, password: 'wrong password!' }, here));
    expect(answers.slice(0, 10).map((a) => a.body.base_resp.status_code)).toEqual(Array(10).fill(301001));
    const last = answers[10]!;
    expect(last.status).toBe(429);
    expect(last.body.base_resp.status_code).toBe(429001);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits there; the owner elsewhere is not locked out.
    expect((await post('/user/login/', { email, password: PASSWORD }, here)).status).toBe(429);
    expect((await post('/user/login/', { email, password: PASSWORD })).status).toBe(200);
  });

  it('counts an IPv6 client as its /64 for sign-ups and failed logins, so one network cannot lock an owner out', async () => {
    const net = (i: number) => ({ 'x-forwarded-for': `2001:db8:45:7::${(i + 1).toString(16)}` });
    const signups = [];
    for (let i = 0; i < 21; i++)
      signups.push(await post('/user/create/', { age_confirmed: true, email: `v6-bulk${i}@example.com`, password: PASSWORD }, net(i)));
    expect(signups.slice(0, 20).every((a) => a.status === 200)).toBe(true);
    expect(signups[20]!.body.base_resp.status_code).toBe(429001);

    const email = 'v6-owner@example.com';
    await signUp(ctx, email);
    const failures = [];
    for (let i = 0; i < 11; i++)
      failures.push(await post('/user/login/', { email, password: 'wrong password!' }, { 'x-forwarded-for': `2001:db8:99:1:${i + 1}::1` }));
    expect(failures.slice(0, 10).map((a) => a.body.base_resp.status_code)).toEqual(Array(10).fill(301001));
    expect(failures[10]!.body.base_resp.status_code).toBe(429001);
    // The owner on another network logs in.
    expect((await post('/user/login/', { email, password: PASSWORD }, { 'x-forwarded-for': '2001:db8:aa:1::1' })).status).toBe(200);
  });

  it('rate-limits registrations per address', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(await post('/user/create/', { age_confirmed: true, email: `bulk${i}@example.com`, password: PASSWORD }, headers));
    expect(answers.slice(0, 20).every((a) => a.status === 200)).toBe(true);
    expect(answers[20]!.body.base_resp.status_code).toBe(429001);
  });
});

describe('profile', () => {
  it('changes name and language but never the e-mail, and answers only its own uid', async () => {
    const me = await signUp(ctx, 'profile@example.com');
    const other = await signUp(ctx, 'someone@example.com');
    const changed = await post('/user/modify/', { email: 'profile@example.com', name: 'Mina', language: 'ko' }, me.auth);
    expect(changed.body.data).toMatchObject({ name: 'Mina', language: 'ko', email: 'profile@example.com' });
    const email = await post('/user/modify/', { email: 'new@example.com' }, me.auth);
    expect(email.status).toBe(400);
    expect(email.body.data.fields).toHaveProperty('email');
    const badLang = await post('/user/modify/', { language: 'fr' }, me.auth);
    expect(badLang.body.base_resp.status_code).toBe(400001);
    const peek = await ctx.request('GET', `/api/v1/user/info/?uid=${other.uid}`, { headers: me.auth });
    expect(peek.status).toBe(403);
    expect(peek.body.base_resp.status_code).toBe(403001);
    const login = await post('/user/login/', { email: 'profile@example.com', password: PASSWORD });
    expect(login.body.data.language).toBe('ko');
  });

  it('records the 18+ confirmation once, with its time', async () => {
    const me = await signUp(ctx, 'adult@example.com');
    const first = await post('/user/confirm-adult/', { confirm: true }, me.auth);
    expect(first.status).toBe(200);
    const at = first.body.data.adult_confirmed_at;
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(10);
    const second = await post('/user/confirm-adult/', { confirm: true }, me.auth);
    expect(second.body.data.adult_confirmed_at).toBe(at);
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth });
    expect(info.body.data.adult_confirmed_at).toBe(at);
    expect((await post('/user/confirm-adult/', { confirm: false }, me.auth)).status).toBe(400);
  });

  it('turns away missing and forged tokens with 301003', async () => {
    const none = await ctx.request('GET', '/api/v1/user/info/');
    expect(none.status).toBe(401);
    expect(none.body.base_resp.status_code).toBe(301003);
    const forged = await ctx.request('GET', '/api/v1/user/info/', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.body.base_resp.status_code).toBe(301003);
  });
});
