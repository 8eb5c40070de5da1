import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type enPayments from '../../web/src/locales/en/payments.json';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';

/**
 * Issue 25 (money): after a payment is refunded, the wallet shows the refund and, when the Butter was
 * already spent, the debt; no purchase opens while it stands (issue 45), and a redeem code pays it
 * (docs/decisions/0030).
 */
type WalletText = (typeof enWallet)['wallet'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

/** `npm run admin -- payment refund <session>`: the refund as the operator records it for a sandbox payment. */
async function refund(sessionId: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/admin/cli.ts', 'payment', 'refund', sessionId, '--reason', 'e2e refund'],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? '', DATA_DIR: inject('dataDir') }, timeout: 60_000 },
  );
  return stdout.trim();
}

/** `npm run admin -- redeem create --butter N`: one code, as the operator makes it. */
async function redeemCode(butter: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/admin/cli.ts', 'redeem', 'create', '--butter', String(butter)],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? '', DATA_DIR: inject('dataDir') }, timeout: 60_000 },
  );
  return stdout.trim().split('\n').at(-1)!.trim();
}

/** A product (package 1, 30 Butter, by default) through the sandbox's checkout, as the payout page completes it. */
async function buyPackage(me: Session, product = '1'): Promise<string> {
  const { clientSecret } = await callApi<{ clientSecret: string }>('POST', '/payment/stripeCreateCheckoutSession/', {
    body: { product_name: product },
    token: me.tokens.access,
  });
  await callApi('POST', '/payment/sandbox/complete/', {
    body: { client_secret: clientSecret, email: me.email, name: 'Test Buyer', address: '1 Test Street', country: 'DE' },
    token: me.tokens.access,
  });
  return clientSecret;
}

const story = {
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
};

const account = (me: Session) => callApi<{ balance: number; debt: number }>('GET', '/user/info/', { token: me.tokens.access });
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The machine is shared: a page's first data can take seconds under load. */
const SLOW = { timeout: 15_000 };

const CASES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'zh-TW', lang: 'zh-TW' },
] as const;

describe.each(CASES)('a refund and a debt on the wallet in $locale', ({ locale, lang }) => {
  const w = texts[lang].wallet as unknown as WalletText;

  it('shows the refund row and the debt, refuses a purchase while it stands, and a redeem code pays it', async () => {
    const me = await signUp(lang);
    const sessionId = await buyPackage(me); // 6 + 30
    for (let i = 0; i < 2; i++) await callApi('POST', '/novel/generate/', { body: story, token: me.tokens.access }); // − 12
    expect(await refund(sessionId)).toContain('took 30 Butter back; balance 0, owes 6');
    expect(await account(me)).toMatchObject({ balance: 0, debt: 6 });

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page } = await newPage(browser, { locale, viewport });
      await useSession(page, me);
      await page.goto('/user/transactions');
      const notice = page.getByTestId('debt-notice');
      await expect.poll(() => notice.textContent(), SLOW).toContain(fill(w.debtTitle, { debt: 6 }));
      expect(await notice.textContent()).toContain(w.debtBody);
      expect(await notice.getByRole('link', { name: w.redeemLabel }).getAttribute('href')).toBe('/redeem');
      const rows = transactionRows(page, w);
      await expect.poll(() => rows.count(), SLOW).toBe(5); // sign-up, purchase, two stories, the refund
      const latest = await rows.first().textContent();
      expect(latest).toContain(w.kinds.purchase_refund);
      expect(latest).toContain('30');
      expect(latest).toContain(fill(w.debtAfter, { debt: 6 }));
      await snap(page, `refunds-${lang}-debt-${name}`);
      if (name === 'phone') {
        // The profile shows the debt too.
        await page.goto('/user');
        await expect.poll(() => page.getByTestId('debt-notice').count(), SLOW).toBe(1);
        await snap(page, `refunds-${lang}-profile-${name}`);
      }
      await context.close();
    }

    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, me);
    // The payout page says why no checkout opens, in the reader's language, and leads to the history.
    await page.goto('/payout/1');
    // Taiwan's consent to immediate delivery comes first (decision 0054); only then is a checkout asked for.
    if (lang === 'zh-TW') await page.getByRole('checkbox').first().check();
    const p = texts[lang].payments as unknown as (typeof enPayments)['payments'];
    const refused = page.getByRole('heading', { name: p.refusedTitle });
    await expect.poll(() => refused.count(), SLOW).toBe(1);
    expect(await page.getByRole('link', { name: p.seeHistory }).getAttribute('href')).toBe('/user/transactions');
    await snap(page, `refunds-${lang}-checkout-refused`);

    const redeemed = await callApi<{ balance: number }>('POST', '/redeem/redeem/', { body: { redeem_code: await redeemCode(30) }, token: me.tokens.access });
    expect(redeemed.balance).toBe(24);
    expect(await account(me)).toMatchObject({ balance: 24, debt: 0 });
    await page.goto('/user/transactions');
    const rows = transactionRows(page, w);
    await expect.poll(() => rows.count(), SLOW).toBe(6);
    expect(await rows.first().textContent()).toContain(w.kinds.redeem);
    expect(await rows.first().textContent()).toContain(fill(w.balanceAfter, { balance: 24 }));
    expect(await page.getByTestId('debt-notice').count()).toBe(0);
    await snap(page, `refunds-${lang}-paid`);
    await context.close();
  });

  it('shows a pass bought and its end when it is refunded', async () => {
    const me = await signUp(lang);
    const sessionId = await buyPackage(me, '7'); // the 1-hour pass
    expect(await refund(sessionId)).toContain('the pass ended');
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, me);
    await page.goto('/user/transactions');
    const rows = transactionRows(page, w);
    await expect.poll(() => rows.count(), SLOW).toBe(3); // sign-up, the pass, its refund
    const [ended, bought] = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
    expect(ended).toContain(w.kinds.purchase_refund);
    expect(ended).toContain(w.passRowEnded.split('{{when}}').filter(Boolean)[0]!.trim());
    expect(bought).toContain(w.kinds.pass);
    expect(bought).toContain(w.passRowUntil.split('{{when}}').filter(Boolean)[0]!.trim());
    expect(await page.getByTestId('debt-notice').count()).toBe(0);
    await snap(page, `refunds-${lang}-pass`);
    await context.close();
  });
});

function transactionRows(page: Page, w: WalletText) {
  return page.getByRole('list', { name: w.transactions }).getByRole('listitem');
}
