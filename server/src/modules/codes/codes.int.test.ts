import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeFor, PASSWORD, signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { quickAccounts, unbalancedAccounts } from '../../../test/ledger';
import { AppError } from '../../lib/errors';
import { applyLedger, ledgerTotals } from '../wallet/service';
import { releaseUnverified } from '../accounts/service';
import { createRedeemCodes } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const redeem = (auth: { authorization: string }, code: string, lang = 'en') =>
  ctx.request('POST', '/api/v1/redeem/redeem/', { body: { redeem_code: code }, headers: { ...auth, 'accept-language': lang } });
const invite = (auth: { authorization: string }, code: string) =>
  ctx.request('POST', '/api/v1/user/invitation/', { body: { invitation_code: code }, headers: auth });

describe('redeem codes', () => {
  it('credits a one-use code once, typed in any case with dashes, and says so in the caller language', async () => {
    const [code] = await createRedeemCodes(ctx.database.db, { butter: 30, uses: 1, expiresAt: null, count: 1 });
    const [me, other] = await quickAccounts(ctx, 2);
    const typed = `${code!.slice(0, 4).toLowerCase()}-${code!.slice(4, 8)} ${code!.slice(8)}`;
    const first = await redeem(me!.auth, typed, 'ja');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ butter: 30, balance: 36 });
    expect(first.body.data.message).toContain('30バター');
    expect(first.body.data.message).toMatch(/追加/);

    const again = await redeem(me!.auth, code!);
    expect(again.status).toBe(400);
    expect(again.body.base_resp).toEqual({ status_code: 302002, status_msg: 'You have already redeemed this code.' });
    const usedUp = await redeem(other!.auth, code!);
    expect(usedUp.body.base_resp).toEqual({ status_code: 302002, status_msg: 'This code has already been used.' });
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(36);
    expect((await ledgerTotals(ctx.database.db, { userUid: other!.uid })).balance).toBe(6);
  });

  it('answers 302001 to an unknown code, 302003 to an expired one, 400001 to an empty one', async () => {
    const [me] = await quickAccounts(ctx, 1);
    expect((await redeem(me!.auth, 'NOPE-NOPE-NOPE')).body.base_resp.status_code).toBe(302001);
    const [code] = await createRedeemCodes(ctx.database.db, { butter: 5, uses: 3, expiresAt: new Date(Date.now() + 60_000), count: 1 });
    await ctx.database.db.execute(sql`update redeem_codes set expires_at = now() - interval '1 second' where code = ${code!}`);
    const expired = await redeem(me!.auth, code!, 'zh-TW');
    expect(expired.status).toBe(400);
    expect(expired.body.base_resp).toEqual({ status_code: 302003, status_msg: '這個兌換碼已過期。' });
    expect((await redeem(me!.auth, '  ')).body.base_resp.status_code).toBe(400001);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);
  });

  it('gives exactly 10 credits to 100 parallel redeems of a 10-use code', async () => {
    const [code] = await createRedeemCodes(ctx.database.db, { butter: 7, uses: 10, expiresAt: null, count: 1 });
    const people = await quickAccounts(ctx, 100, 'rush');
    const answers = await Promise.all(people.map((p) => redeem(p.auth, code!)));
    const codes = answers.map((a) => a.body.base_resp.status_code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 302002)).toHaveLength(90);
    const credited = await ctx.database.pool.query(
      `select count(*)::int as n, sum(amount)::int as total from ledger where kind = 'redeem' and ref like $1`,
      [`${code}:%`],
    );
    expect(credited.rows[0]).toEqual({ n: 10, total: 70 });
    const row = await ctx.database.pool.query('select uses, max_uses from redeem_codes where code = $1', [code]);
    expect(row.rows[0]).toEqual({ uses: 10, max_uses: 10 });
  });

  it('gives one account one credit however often it redeems a multi-use code at once', async () => {
    const [code] = await createRedeemCodes(ctx.database.db, { butter: 9, uses: 50, expiresAt: null, count: 1 });
    const [me] = await quickAccounts(ctx, 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(me!.auth, code!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(15);
  });
});

describe('invitation codes', () => {
  it('gives +8 to both once, never for one own code', async () => {
    const [host, guest, late] = await quickAccounts(ctx, 3);
    const own = await invite(host!.auth, host!.invitationCode);
    expect(own.body.base_resp.status_code).toBe(302004);
    expect((await invite(guest!.auth, 'ZZZZZZZZ')).body.base_resp.status_code).toBe(302001);

    const accepted = await invite(guest!.auth, host!.invitationCode.toLowerCase());
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ butter: 8, balance: 14 });
    const twice = await invite(guest!.auth, late!.invitationCode);
    expect(twice.body.base_resp.status_code).toBe(302005);
    expect((await ledgerTotals(ctx.database.db, { userUid: host!.uid })).balance).toBe(14);
    expect((await ledgerTotals(ctx.database.db, { userUid: guest!.uid })).balance).toBe(14);
    expect((await ledgerTotals(ctx.database.db, { userUid: late!.uid })).balance).toBe(6);
  });

  it('credits once when the same account sends its invitation code many times at once', async () => {
    const [host, guest] = await quickAccounts(ctx, 2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => invite(guest!.auth, host!.invitationCode)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.base_resp.status_code === 302005)).toHaveLength(19);
    expect((await ledgerTotals(ctx.database.db, { userUid: host!.uid })).balance).toBe(14);
  });

  it('does not deadlock when two users enter each other codes at once, and pays a reciprocal pair once', async () => {
    for (let i = 0; i < 5; i++) {
      const [a, b] = await quickAccounts(ctx, 2);
      const [ab, ba] = await Promise.all([invite(a!.auth, b!.invitationCode), invite(b!.auth, a!.invitationCode)]);
      // One invitation stands; the other would make the pair reciprocal and is refused (issue 25).
      expect([ab.status, ba.status].sort()).toEqual([200, 400]);
      expect([ab, ba].find((r) => r.status === 400)!.body.base_resp.status_code).toBe(302004);
      expect((await ledgerTotals(ctx.database.db, { userUid: a!.uid })).balance).toBe(14);
      expect((await ledgerTotals(ctx.database.db, { userUid: b!.uid })).balance).toBe(14);
    }
  });

  it('starts an account created with a code at 6+8 and pays the inviter when it is verified', async () => {
    const host = await signUp(ctx, 'host@example.com');
    const hostInfo = await ctx.request('GET', '/api/v1/user/info/', { headers: host.auth });
    const code = hostInfo.body.data.invitation_code as string;
    const headers = { 'x-forwarded-for': someIp() };
    const email = 'guest@example.com';

    const bad = await ctx.request('POST', '/api/v1/user/create/', {
      body: { age_confirmed: true, email, password: PASSWORD, invitation_code: 'WRONG123' },
      headers,
    });
    expect(bad.body.base_resp.status_code).toBe(302001);
    const created = await ctx.request('POST', '/api/v1/user/create/', {
      body: { age_confirmed: true, email, password: PASSWORD, invitation_code: code },
      headers,
    });
    expect(created.status).toBe(200);
    const guestUid = created.body.data.uid as string;
    expect((await ledgerTotals(ctx.database.db, { userUid: guestUid })).balance).toBe(14);
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(6);

    await ctx.request('POST', '/api/v1/user/send-verification-code/', { body: { email }, headers });
    const verifyCode = lastCodeFor(ctx, email);
    const verified = await Promise.all(
      Array.from({ length: 5 }, () => ctx.request('POST', '/api/v1/user/verify-code/', { body: { email, code: verifyCode }, headers })),
    );
    expect(verified.some((v) => v.status === 200)).toBe(true);
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(14);
    // Already invited at sign-up: the /invitation-code screen refuses a second code.
    const login = await ctx.request('POST', '/api/v1/user/login/', { body: { email, password: PASSWORD }, headers });
    const again = await invite({ authorization: `Bearer ${login.body.data.tokens.access}` }, code);
    expect(again.body.base_resp.status_code).toBe(302005);
  });
});

describe('the wallet', () => {
  it('never lets 50 parallel spends take a small balance below zero', async () => {
    const [me] = await quickAccounts(ctx, 1);
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me!.uid, kind: 'grant', amount: 14 }));
    const spend = () =>
      ctx.database.db
        .transaction((tx) => applyLedger(tx, { userUid: me!.uid, kind: 'generate', amount: -6 }))
        .then(
          () => 'ok',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
    const outcomes = await Promise.all(Array.from({ length: 50 }, spend));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 305001)).toHaveLength(47);
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 2, debt: 0, ledgerSum: 2 });
  });

  it('lists the caller ledger newest first, 20 a page, pinned by `before`', async () => {
    const [me, other] = await quickAccounts(ctx, 2);
    for (let i = 1; i <= 24; i++)
      await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me!.uid, kind: 'grant', amount: i }));
    const first = await ctx.request('GET', '/api/v1/wallet/transactions/?page=1', { headers: me!.auth });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, page_size: 20, has_more: true });
    const rows = first.body.data.results as { id: number; kind: string; amount: number; created_time: number }[];
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ kind: 'grant', amount: 24 });
    // A new row arrives; page 2 stays where it was.
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me!.uid, kind: 'grant', amount: 100 }));
    const second = await ctx.request('GET', `/api/v1/wallet/transactions/?page=2&before=${rows[0]!.id}`, { headers: me!.auth });
    const rest = second.body.data.results as { kind: string; amount: number; reference: string | null }[];
    expect(rest.map((r) => r.amount)).toEqual([4, 3, 2, 1, 6]);
    expect(rest.at(-1)).toMatchObject({ kind: 'signup', reference: null });
    expect(second.body.data.has_more).toBe(false);
    const theirs = await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: other!.auth });
    expect((theirs.body.data.results as unknown[]).length).toBe(1);
    expect((await ctx.request('GET', '/api/v1/wallet/transactions/')).status).toBe(401);
  });

  it('keeps every balance equal to its ledger sum', async () => {
    expect(await unbalancedAccounts(ctx)).toEqual([]);
  });
});

describe('one real inbox, one reward (issue 25)', () => {
  const hostWithCode = async (email: string) => {
    const host = await signUp(ctx, email);
    const code = (await ctx.request('GET', '/api/v1/user/info/', { headers: host.auth })).body.data.invitation_code as string;
    return { ...host, code };
  };
  const createWith = (email: string, code: string) =>
    ctx.request('POST', '/api/v1/user/create/', {
      body: { email, password: PASSWORD, gender: 'female', invitation_code: code },
      headers: { 'x-forwarded-for': someIp() },
    });
  const verify = async (email: string) => {
    const headers = { 'x-forwarded-for': someIp() };
    expect((await ctx.request('POST', '/api/v1/user/send-verification-code/', { body: { email }, headers })).status).toBe(200);
    const done = await ctx.request('POST', '/api/v1/user/verify-code/', { body: { email, code: lastCodeFor(ctx, email) }, headers });
    expect(done.status).toBe(200);
  };

  it('refuses ten "n"<one@inbox> sign-ups with one code and pays the inviter at most once for that inbox', async () => {
    const host = await hostWithCode('inbox-host@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => createWith(`"${n}"<one@inbox.test>`, host.code)));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.data.fields.email).toMatch(/address alone/);
    }
    // The same inbox with +tags and dots: ten accounts, one reward each way.
    const variants = Array.from({ length: 10 }, (_, n) => (n % 2 ? `o.n.e+${n}@gmail.com` : `one+${n}@googlemail.com`));
    const created = await Promise.all(variants.map((email) => createWith(email, host.code)));
    expect(created.map((c) => c.status)).toEqual(Array(10).fill(200));
    for (const email of variants) await verify(email);
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(6 + 8);
    const invitees = await ctx.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger where kind = 'invited'
      and user_uid in (select uid from users where invited_by = ${host.uid})`);
    expect(invitees.rows[0]?.n).toBe(1);
    // Folding is for the reward only: each address still logs in to its own account.
    const login = await ctx.request('POST', '/api/v1/user/login/', { body: { email: 'o.n.e+3@gmail.com', password: PASSWORD } });
    expect(login.body.data.email).toBe('o.n.e+3@gmail.com');
  });

  it('gives the reward back to the inbox when an account that never verified is released', async () => {
    const host = await hostWithCode('release-host@example.com');
    const squatter = await createWith('owner+squat@inbox.test', host.code);
    expect((await ledgerTotals(ctx.database.db, { userUid: squatter.body.data.uid })).balance).toBe(14);
    await ctx.database.db.execute(sql`update users set created_at = now() - interval '8 days' where uid = ${squatter.body.data.uid}`);
    await releaseUnverified(ctx.database.db, { email: 'owner+squat@inbox.test' });
    const owner = await createWith('owner@inbox.test', host.code);
    await verify('owner@inbox.test');
    expect((await ledgerTotals(ctx.database.db, { userUid: owner.body.data.uid })).balance).toBe(14);
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(14);
  });

  it('pays only after the invited account is verified', async () => {
    const host = await hostWithCode('verify-host@example.com');
    expect((await createWith('unverified-guest@example.com', host.code)).status).toBe(200);
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(6);
    await verify('unverified-guest@example.com');
    expect((await ledgerTotals(ctx.database.db, { userUid: host.uid })).balance).toBe(14);
  });

  it('pays one inviter at most inviteRewardsPerInviter a day; the guests still get their +8', async () => {
    const [host] = await quickAccounts(ctx, 1);
    const guests = await quickAccounts(ctx, 12, 'capguest');
    for (const guest of guests) {
      const res = await invite(guest.auth, host!.invitationCode);
      expect(res.status).toBe(200);
      expect(res.body.data.butter).toBe(8);
    }
    expect((await ledgerTotals(ctx.database.db, { userUid: host!.uid })).balance).toBe(6 + 10 * 8);
  });

  it('never pays a banned or suspended inviter', async () => {
    const [banned, suspended, ...guests] = await quickAccounts(ctx, 4);
    await ctx.database.db.execute(sql`update users set status = 'banned' where uid = ${banned!.uid}`);
    await ctx.database.db.execute(
      sql`update users set status = 'suspended', suspended_until = now() + interval '3 days' where uid = ${suspended!.uid}`,
    );
    expect((await invite(guests[0]!.auth, banned!.invitationCode)).status).toBe(200);
    expect((await invite(guests[1]!.auth, suspended!.invitationCode)).status).toBe(200);
    expect((await ledgerTotals(ctx.database.db, { userUid: banned!.uid })).balance).toBe(6);
    expect((await ledgerTotals(ctx.database.db, { userUid: suspended!.uid })).balance).toBe(6);
  });

  it('says so when an inbox was rewarded before, and pays nobody again', async () => {
    const [host] = await quickAccounts(ctx, 1);
    const [first, second] = await quickAccounts(ctx, 2, 'twin');
    await ctx.database.db.execute(sql`update users set email = 'twin+a@example.com' where uid = ${first!.uid}`);
    await ctx.database.db.execute(sql`update users set email = 'twin+b@example.com' where uid = ${second!.uid}`);
    expect((await invite(first!.auth, host!.invitationCode)).body.data.butter).toBe(8);
    const again = await invite(second!.auth, host!.invitationCode);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ butter: 0, balance: 6 });
    expect(again.body.data.message).toMatch(/already received/);
    expect((await ledgerTotals(ctx.database.db, { userUid: host!.uid })).balance).toBe(14);
  });
});
