import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, someIp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { runAdmin } from './program';

/**
 * The operator CLI against the test database: most tests call its program in-process (a spawned Node
 * process with tsx costs 1.5–3 s of CPU each); 'the real command' spawns it as the operator runs it.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Result = { code: number; out: string; err: string };

/** The environment the spawned command gets (no INIT_CWD: a relative path resolves against its cwd, serverDir). */
const adminEnv = () => ({ PATH: process.env.PATH, DATABASE_URL: ctx.database.url, DATA_DIR: ctx.dataDir });

/** `npm run admin -- …args` in this process: what it prints (each line ended as console.log ends it) and its exit code. */
async function admin(...args: string[]): Promise<Result> {
  let out = '';
  let err = '';
  const code = await runAdmin(args, {
    // INIT_CWD stands in for the spawned command's cwd (this process's is the repository root).
    env: { ...adminEnv(), INIT_CWD: serverDir },
    out: (line) => (out += `${line}\n`),
    err: (line) => (err += `${line}\n`),
  });
  return { code, out, err };
}

/** The same, as a fresh Node process running src/admin/cli.ts. */
async function spawnAdmin(...args: string[]): Promise<Result> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', ...args], {
      cwd: serverDir,
      env: adminEnv(),
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

const login = (email: string) =>
  ctx.request('POST', '/api/v1/user/login/', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': someIp() } });

describe('npm run admin -- user …', () => {
  it('verifies an e-mail so the account can log in', async () => {
    await ctx.request('POST', '/api/v1/user/create/', {
      body: { age_confirmed: true, email: 'ops-verify@example.com', password: PASSWORD },
    });
    expect((await login('ops-verify@example.com')).body.base_resp.status_code).toBe(301007);
    const result = await admin('user', 'verify', 'OPS-verify@example.com');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('verified ops-verify@example.com');
    expect((await login('ops-verify@example.com')).status).toBe(200);
  });

  it('grants Butter as a ledger row', async () => {
    const me = await signUp(ctx, 'ops-grant@example.com');
    const result = await admin('user', 'grant', 'ops-grant@example.com', '30');
    expect(result.out).toContain('balance 36');
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth });
    expect(info.body.data.balance).toBe(36);
    const rows = await ctx.database.pool.query(`select kind, amount from ledger where user_uid = $1 order by id`, [me.uid]);
    expect(rows.rows).toEqual([
      { kind: 'signup', amount: 6 },
      { kind: 'grant', amount: 30 },
    ]);
    expect((await admin('user', 'show', 'ops-grant@example.com')).out).toContain('balance=36 debt=0 ledger_sum=36');
  });

  it('takes Butter back with a negative grant, never more than the balance, each step audited like the console', async () => {
    const me = await signUp(ctx, 'ops-revoke@example.com');
    expect((await admin('user', 'grant', 'ops-revoke@example.com', '10', '--reason', 'contest prize')).code).toBe(0);
    const back = await admin('user', 'grant', 'ops-revoke@example.com', '-12', '--reason', 'prize sent twice');
    expect(back.code).toBe(0);
    expect(back.out).toContain('took 12 Butter back from ops-revoke@example.com; balance 4');
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth })).body.data.balance).toBe(4);
    const tooMuch = await admin('user', 'grant', 'ops-revoke@example.com', '-5');
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.err).toContain('the balance is 4');
    expect((await admin('user', 'grant', 'ops-revoke@example.com', '0')).code).toBe(2);
    const rows = await ctx.database.pool.query(`select kind, amount, balance_after, note from ledger where user_uid = $1 order by id`, [
      me.uid,
    ]);
    expect(rows.rows).toEqual([
      { kind: 'signup', amount: 6, balance_after: 6, note: null },
      { kind: 'grant', amount: 10, balance_after: 16, note: 'contest prize' },
      { kind: 'revoke', amount: -12, balance_after: 4, note: 'prize sent twice' },
    ]);
    const wallet = await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: me.auth });
    expect(wallet.body.data.results[0]).toMatchObject({ kind: 'revoke', amount: -12, balance_after: 4, debt_after: 0 });
    expect((await admin('user', 'show', 'ops-revoke@example.com')).out).toContain('balance=4 debt=0 ledger_sum=4');

    // Every CLI action leaves the audit row the console writes (actor, action, target, reason), readable in the console.
    expect((await admin('user', 'verify', 'ops-revoke@example.com')).code).toBe(0);
    expect((await admin('user', 'suspend', 'ops-revoke@example.com', '--days', '1', '--reason', 'cool down')).code).toBe(0);
    const audit = await ctx.database.pool.query(
      `select actor, action, target_type, reason, details from audit_log where target_uid = $1 order by id`,
      [me.uid],
    );
    expect(audit.rows).toEqual([
      {
        actor: expect.stringMatching(/^cli:/),
        action: 'grant',
        target_type: 'user',
        reason: 'contest prize',
        details: { butter: 10, balance: 16, debt: 0 },
      },
      {
        actor: expect.stringMatching(/^cli:/),
        action: 'revoke',
        target_type: 'user',
        reason: 'prize sent twice',
        details: { butter: -12, balance: 4, debt: 0 },
      },
      { actor: expect.stringMatching(/^cli:/), action: 'verify', target_type: 'user', reason: '', details: null },
      { actor: expect.stringMatching(/^cli:/), action: 'suspend', target_type: 'user', reason: 'cool down', details: expect.anything() },
    ]);
    const codes = await admin('redeem', 'create', '--butter', '7', '--count', '2', '--reason', 'newsletter');
    expect(codes.code).toBe(0);
    const [first] = codes.out.trim().split('\n');
    const codeAudit = await ctx.database.pool.query(`select action, target_type, reason, details from audit_log where target_uid = $1`, [
      first,
    ]);
    expect(codeAudit.rows).toEqual([
      {
        action: 'redeem_create',
        target_type: 'redeem_code',
        reason: 'newsletter',
        details: { codes: codes.out.trim().split('\n'), butter: 7, uses: 1, expires_at: null },
      },
    ]);
  });

  it('bans (ending every session), suspends for N days, and unbans', async () => {
    const me = await signUp(ctx, 'ops-ban@example.com');
    expect((await admin('user', 'ban', 'ops-ban@example.com', '--reason', 'spam')).code).toBe(0);
    const blocked = await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth });
    expect(blocked.status).toBe(403);
    expect(blocked.body.base_resp.status_code).toBe(301006);
    expect((await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: me.refresh } })).body.base_resp.status_code).toBe(
      301006,
    );
    expect((await login('ops-ban@example.com')).body.base_resp.status_code).toBe(301006);

    expect((await admin('user', 'unban', 'ops-ban@example.com')).code).toBe(0);
    expect((await login('ops-ban@example.com')).status).toBe(200);

    const suspended = await admin('user', 'suspend', 'ops-ban@example.com', '--days', '3');
    expect(suspended.code).toBe(0);
    expect((await login('ops-ban@example.com')).body.base_resp.status_code).toBe(301006);
    // Once the suspension has run out, the account works again by itself.
    await ctx.database.pool.query(`update users set suspended_until = now() - interval '1 minute' where email = 'ops-ban@example.com'`);
    expect((await login('ops-ban@example.com')).status).toBe(200);
  });

  it('explains its usage and unknown accounts', async () => {
    const usage = await admin('user');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('user grant <email> <butter>');
    const unknown = await admin('user', 'verify', 'nobody@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no account');
  });
});

describe('npm run admin -- payment refund', () => {
  it('takes back what a sandbox payment bought, once, owing what the balance lacks, with an audit row', async () => {
    const me = await signUp(ctx, 'ops-refund@example.com');
    const checkout = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '1' },
      headers: me.auth,
    });
    const sessionId = checkout.body.data.clientSecret as string;
    const paid = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: sessionId, email: 'ops-refund@example.com', name: 'Buyer', address: '1 Test Street', country: 'DE' },
      headers: me.auth,
    });
    expect(paid.body.data.balance).toBe(36);
    expect((await admin('user', 'grant', 'ops-refund@example.com', '-10')).code).toBe(0); // 26 left, 30 to take back
    const refunded = await admin('payment', 'refund', sessionId, '--reason', 'chargeback by mail');
    expect(refunded.code).toBe(0);
    expect(refunded.out).toContain('took 30 Butter back; balance 0, owes 4');
    expect((await admin('payment', 'refund', sessionId)).out).toContain('nothing changed');
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth });
    expect(info.body.data).toMatchObject({ balance: 0, debt: 4 });
    expect((await admin('user', 'show', 'ops-refund@example.com')).out).toContain('balance=0 debt=4 ledger_sum=-4');
    const audit = await ctx.database.pool.query(`select action, reason from audit_log where target_uid = $1 and action = 'refund'`, [
      me.uid,
    ]);
    expect(audit.rows).toEqual([
      { action: 'refund', reason: 'chargeback by mail' },
      { action: 'refund', reason: 'refunded by the operator' },
    ]);
  });
});

describe('npm run admin -- takedown', () => {
  it('takes a post down for everyone but its author, with an audit row, and needs a reason', async () => {
    const me = await signUp(ctx, 'ops-takedown@example.com');
    const post = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title: 'Borrowed', content: 'Someone else wrote this.', language: 'en', is_public: 1 },
      headers: me.auth,
    });
    const uid = post.body.data.uid as string;
    expect((await admin('takedown', 'post', uid)).code).toBe(2);
    const done = await admin('takedown', 'post', uid, '--reason', 'DMCA notice 12');
    expect(done.code).toBe(0);
    expect(done.out).toContain(`took down post ${uid}`);
    expect((await ctx.request('GET', `/api/v1/post/details/?post_uid=${uid}`)).body.base_resp.status_code).toBe(404001);
    const own = await ctx.request('GET', `/api/v1/post/details/?post_uid=${uid}`, { headers: me.auth });
    expect(own.body.data.takedown.reason).toBe('DMCA notice 12');
    const audit = await ctx.database.pool.query(`select actor, action, reason from audit_log where target_uid = $1`, [uid]);
    expect(audit.rows).toEqual([{ actor: expect.stringMatching(/^cli:/), action: 'takedown', reason: 'DMCA notice 12' }]);
    expect((await admin('takedown', 'post', 'no-such-post', '--reason', 'x')).code).not.toBe(0);
  });
});

describe('npm run admin -- redeem create', () => {
  it('prints one code per line that users can redeem', async () => {
    const result = await admin('redeem', 'create', '--butter', '30', '--uses', '2', '--expires', '2099-01-01', '--count', '3');
    expect(result.code).toBe(0);
    const codes = result.out.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{12}$/);
    const row = await ctx.database.pool.query('select butter, max_uses, uses, expires_at from redeem_codes where code = $1', [codes[0]]);
    expect(row.rows[0]).toMatchObject({ butter: 30, max_uses: 2, uses: 0, expires_at: new Date('2099-01-01T00:00:00Z') });
    const me = await signUp(ctx, 'ops-redeem@example.com');
    const redeemed = await ctx.request('POST', '/api/v1/redeem/redeem/', { body: { redeem_code: codes[0] }, headers: me.auth });
    expect(redeemed.body.data.balance).toBe(36);
  });

  it('refuses a missing amount or a past expiry', async () => {
    expect((await admin('redeem', 'create')).code).toBe(2);
    expect((await admin('redeem', 'create', '--butter', '0')).code).toBe(2);
    expect((await admin('redeem', 'create', '--butter', '5', '--expires', '2001-01-01')).code).toBe(2);
    expect((await ctx.database.pool.query('select count(*)::int as n from redeem_codes where butter = 5')).rows[0].n).toBe(0);
  });

  it('pays the inviter when the operator verifies an invited account', async () => {
    const host = await signUp(ctx, 'ops-host@example.com');
    const code = (await ctx.request('GET', '/api/v1/user/info/', { headers: host.auth })).body.data.invitation_code as string;
    await ctx.request('POST', '/api/v1/user/create/', {
      body: { age_confirmed: true, email: 'ops-guest@example.com', password: PASSWORD, invitation_code: code },
      headers: { 'x-forwarded-for': someIp() },
    });
    expect((await admin('user', 'verify', 'ops-guest@example.com')).code).toBe(0);
    expect((await admin('user', 'verify', 'ops-guest@example.com')).code).toBe(0);
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: host.auth })).body.data.balance).toBe(14);
    expect((await admin('user', 'show', 'ops-guest@example.com')).out).toContain('balance=14 debt=0 ledger_sum=14');
  });
});

describe('the real command (node --import tsx src/admin/cli.ts)', () => {
  it('prints its usage on stdout and exits 2 without arguments, as the program does in-process', async () => {
    const result = await spawnAdmin();
    expect(result).toMatchObject({ code: 2, err: '' });
    expect(result.out).toMatch(/^usage: npm run admin -- <command>\n/);
    expect(result.out).toContain('user grant <email> <butter>');
    expect(result).toEqual(await admin());
  });

  it('grants Butter and shows the account, writing the ledger and audit rows', async () => {
    const me = await signUp(ctx, 'ops-real@example.com');
    const granted = await spawnAdmin('user', 'grant', 'ops-real@example.com', '30', '--reason', 'real process');
    expect(granted).toEqual({ code: 0, out: 'granted 30 Butter to ops-real@example.com; balance 36\n', err: '' });
    const rows = await ctx.database.pool.query(`select kind, amount, note from ledger where user_uid = $1 order by id`, [me.uid]);
    expect(rows.rows).toEqual([
      { kind: 'signup', amount: 6, note: null },
      { kind: 'grant', amount: 30, note: 'real process' },
    ]);
    const audit = await ctx.database.pool.query(`select actor, action, reason from audit_log where target_uid = $1`, [me.uid]);
    expect(audit.rows).toEqual([{ actor: `cli:${os.userInfo().username}`, action: 'grant', reason: 'real process' }]);
    const shown = await spawnAdmin('user', 'show', 'ops-real@example.com');
    expect(shown).toMatchObject({ code: 0, err: '' });
    expect(shown.out).toMatch(
      new RegExp(`^ops-real@example\\.com \\(${me.uid}\\) status=active\\nverified=yes adult=\\w+ balance=36 debt=0 ledger_sum=36\\n$`),
    );
    expect(shown).toEqual(await admin('user', 'show', 'ops-real@example.com'));
  });

  it('says on stderr that the content is unknown and exits 1', async () => {
    const result = await spawnAdmin('takedown', 'post', 'no-such-post', '--reason', 'x');
    expect(result).toEqual({ code: 1, out: '', err: 'admin: no such content or account\n' });
    expect(result).toEqual(await admin('takedown', 'post', 'no-such-post', '--reason', 'x'));
  });
});
