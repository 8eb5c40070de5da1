import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type enPayments from '../../web/src/locales/en/payments.json';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, useSession, type Session } from './fixtures';
import { texts } from './locales';

type PaymentsText = (typeof enPayments)['payments'];
type WalletText = (typeof enWallet)['wallet'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

/** `npm run admin -- redeem create`, as the operator runs it against the app's DATA_DIR. */
async function createRedeemCode(butter: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/admin/cli.ts', 'redeem', 'create', '--butter', String(butter)],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? '', DATA_DIR: inject('dataDir') }, timeout: 60_000 },
  );
  return stdout.trim();
}

function codeFromOutbox(email: string): string | null {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).reverse()) {
    const mail = JSON.parse(line) as { to: string; code?: string };
    if (mail.to === email && mail.code) return mail.code;
  }
  return null;
}

/**
 * The app limits sign-ups per client address (20 an hour) and every browser
 * test shares 127.0.0.1, so this file's accounts come from their own
 * (forwarded, trusted from loopback) address.
 */
const OWN_ADDRESS = { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` };

async function post<T>(apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/v1${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...OWN_ADDRESS },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { base_resp: { status_code: number; status_msg: string }; data: T };
  if (payload.base_resp.status_code !== 0) throw new Error(`${apiPath}: ${payload.base_resp.status_code} ${payload.base_resp.status_msg}`);
  return payload.data;
}

/** A new, verified, logged-in account (as fixtures' signUp, from this file's own address). */
async function signUp(language: string): Promise<Session> {
  const email = `e2e-wallet-${Date.now()}-${language}@example.com`.toLowerCase();
  const password = `butter-${Date.now()}`;
  await post('/user/create/', { age_confirmed: true, email, password, gender: 'female', language });
  await post('/user/send-verification-code/', { email });
  let code: string | null = null;
  for (let waited = 0; !code && waited < 10_000; waited += 100) {
    code = codeFromOutbox(email);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no verification mail to ${email}`);
  await post('/user/verify-code/', { email, code });
  return post<Session>('/user/login/', { email, password });
}

const balanceOf = (token: string) => callApi<{ balance: number }>('GET', '/user/info/', { token }).then((u) => u.balance);
const shownBalance = (page: Page) => page.getByTestId('butter-balance').first().textContent();
const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** The server's 302001 text per language (server/src/lib/messages.ts), shown under the input. */
const UNKNOWN_CODE = { en: 'This code does not exist.', 'zh-CN': '兑换码不存在。' } as const;

const CASES = [
  { locale: 'en-US', lang: 'en', currency: 'eur', price: '€3.49' },
  { locale: 'zh-CN', lang: 'zh-CN', currency: 'cny', price: '¥30.00' },
] as const;

describe.each(CASES)('wallet in $locale', ({ locale, lang, currency, price }) => {
  const t = texts[lang];
  const p = t.payments as unknown as PaymentsText;
  const w = t.wallet as unknown as WalletText;
  // One account per language: it buys (6 → 66), redeems (→ 96) and invites (→ 104).
  let me: Session;
  beforeAll(async () => {
    me = await signUp(lang);
  });

  it('buys a package in the sandbox from /recharge to /recharge/complete with the balance raised', async () => {
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, me);

    await page.goto('/user');
    await expect.poll(() => shownBalance(page)).toBe('6.00');
    await page.getByRole('link', { name: t.profile.recharge, exact: true }).click();
    await onPath(page, '/recharge');

    // Package 1 is selected; prices in this language's currency; Continue waits for the agreement.
    const packages = page.getByRole('radiogroup', { name: p.choosePackage });
    await expect.poll(() => packages.getByRole('radio').count()).toBe(6);
    expect(await packages.getByRole('radio').first().isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: p.currencies[currency] }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText(price, { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText(p.addressHint).count()).toBe(1);
    const next = page.getByRole('button', { name: p.continue });
    expect(await next.isDisabled()).toBe(true);
    // The agreement's words are a link to the user agreement.
    const agreementLink = page.locator('.checkbox-row label').getByRole('link');
    expect(await agreementLink.getAttribute('href')).toBe('/user-agreement');
    await packages.locator('label').nth(1).click();
    await page.getByRole('checkbox').check();
    await snap(page, `wallet-${lang}-recharge`);
    await next.click();
    await onPath(page, '/payout/2');

    // Payout: "My tokens" back to /user, the balance, the Purchase line, the labelled test checkout.
    expect(await page.getByRole('link', { name: t.screens.payout }).getAttribute('href')).toBe('/user');
    await expect.poll(() => page.getByText(p.sandbox.title).count()).toBe(1);
    await expect.poll(() => page.getByText(p.purchase, { exact: true }).count()).toBe(1);
    const pay = page.getByRole('button', { name: p.sandbox.pay });
    const email = page.getByLabel(p.sandbox.email, { exact: true });
    expect(await email.inputValue()).toBe(me.email);
    await email.fill('not-an-email');
    await email.blur();
    await expect.poll(() => page.getByText(p.sandbox.emailInvalid).count()).toBe(1);
    await email.fill(me.email);
    await page.getByPlaceholder(p.sandbox.name).fill('Test Buyer');
    expect(await pay.isDisabled()).toBe(true);
    await page.getByPlaceholder(p.sandbox.address).fill('1 Test Street');
    await snap(page, `wallet-${lang}-payout`);
    await pay.click();

    await onPath(page, '/recharge/complete');
    await expect.poll(() => page.getByRole('heading', { name: p.complete.credited }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => shownBalance(page)).toBe('66.00');
    await snap(page, `wallet-${lang}-complete`);
    expect(await balanceOf(me.tokens.access)).toBe(66);

    // The purchase is in the Butter history, reached from the profile.
    await page.goto('/user');
    await page.getByRole('link', { name: w.transactions }).click();
    await onPath(page, '/user/transactions');
    const rows = page.getByRole('list', { name: w.transactions }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain(w.kinds.purchase);
    expect(await rows.first().textContent()).toContain('+60');
    await snap(page, `wallet-${lang}-transactions`);

    await page.goto('/user');
    await page.getByRole('link', { name: t.profile.recharge, exact: true }).click();
    await onPath(page, '/recharge');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: p.continue }).click();
    await onPath(page, '/payout/1');
    await page.getByRole('link', { name: t.screens.payout }).click();
    await onPath(page, '/user');
    await context.close();
  });

  it('redeems a code, showing the server message under the input for a bad one', async () => {
    const code = await createRedeemCode(30);
    const { context, page } = await newPage(browser, { locale, viewport: DESKTOP });
    await useSession(page, me);
    await page.goto('/redeem');
    const input = page.getByLabel(w.redeemLabel, { exact: true });
    const submit = page.getByRole('button', { name: w.redeemSubmit, exact: true });
    await submit.click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(w.redeemPlaceholder);
    await input.fill('WRONG-CODE-123');
    await submit.click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(UNKNOWN_CODE[lang]);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await snap(page, `wallet-${lang}-redeem-error`);
    await input.fill(code.toLowerCase());
    await submit.click();
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => balanceOf(me.tokens.access)).toBe(96);
    await snap(page, `wallet-${lang}-redeem-done`);
    await page.goto('/user');
    await expect.poll(() => shownBalance(page)).toBe('96.00');
    await context.close();
  });

  it('signs up with an invitation link from a second account: 6+8 now, +8 for the inviter after verification', async () => {
    const host = me;
    const hostInfo = await callApi<{ invitation_code: string }>('GET', '/user/info/', { token: host.tokens.access });

    // The host's /invitation-code: the code with a copy button.
    const hostTab = await newPage(browser, { locale, viewport: PHONE });
    await useSession(hostTab.page, host);
    await hostTab.page.goto('/invitation-code');
    await expect.poll(() => hostTab.page.getByTestId('my-invitation-code').textContent()).toBe(hostInfo.invitation_code);
    await expect.poll(() => hostTab.page.getByRole('button', { name: w.copyCode }).count()).toBe(1);
    // Entering one's own code is refused with the server's message.
    await hostTab.page.getByLabel(w.enterCode, { exact: true }).fill(hostInfo.invitation_code);
    await hostTab.page.getByRole('button', { name: w.inviteSubmit }).click();
    await expect.poll(async () => ((await hostTab.page.getByRole('alert').first().textContent()) ?? '').length).toBeGreaterThan(0);
    await snap(hostTab.page, `wallet-${lang}-invitation`);
    await hostTab.context.close();

    // The guest follows the link: the code is prefilled; the first login creates the account.
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await context.setExtraHTTPHeaders(OWN_ADDRESS);
    const email = `e2e-invited-${Date.now()}-${lang}@example.com`.toLowerCase();
    const password = `butter-${Date.now()}`;
    await page.goto(`/login?invite=${hostInfo.invitation_code}`);
    expect(await page.getByLabel(w.inviteField, { exact: true }).inputValue()).toBe(hostInfo.invitation_code);
    await page.getByLabel(t.login.email, { exact: true }).fill(email);
    await page.getByLabel(t.login.password, { exact: true }).fill(password);
    // The agreement, and in zh-CN the separate consent to the transfer abroad (个人信息保护法 art. 39).
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await snap(page, `wallet-${lang}-login-invite`);
    await page.getByRole('button', { name: t.common.confirm, exact: true }).click();
    await onPath(page, '/verify');
    expect(await balanceOf(host.tokens.access)).toBe(96);

    await page.getByRole('button', { name: t.verify.getCode }).click();
    await expect.poll(() => codeFromOutbox(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel(t.verify.code, { exact: true }).fill(codeFromOutbox(email) ?? '');
    await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
    await onPath(page, '/login');
    await expect.poll(() => balanceOf(host.tokens.access)).toBe(104);

    const guest = await post<{ tokens: { access: string } }>('/user/login/', { email, password });
    expect(await balanceOf(guest.tokens.access)).toBe(14);
    await context.close();
  });
});
