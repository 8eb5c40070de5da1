import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, PHONE } from './browser';
import type enWallet from '../../web/src/locales/en/wallet.json';
import { signUp, useSession } from './fixtures';
import { texts } from './locales';

// Reading and writing in Japanese (issue 30): Enter that confirms an input method's word never
// submits a form.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Counts form submissions (the default action of Enter in a field) from here on. */
const countSubmits = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { submits: number };
    w.submits = 0;
    document.addEventListener('submit', () => w.submits++, true);
  });
const submits = (page: Page) => page.evaluate(() => (window as unknown as { submits: number }).submits);

describe('IME-safe inputs in ja', () => {
  it('Enter while the input method composes does not submit; Enter after it does', async () => {
    const w = (texts.ja as unknown as { wallet: typeof enWallet.wallet }).wallet;
    const session = await signUp('ja');
    const { context, page } = await newPage(browser, { locale: 'ja', viewport: PHONE });
    await useSession(page, session);
    await page.goto('/redeem');
    const input = page.getByLabel(w.redeemLabel, { exact: true });
    await input.waitFor();
    await countSubmits(page);
    await input.focus();
    // A real composition in Chromium (as a Japanese IME makes one), confirmed with Enter.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'こーど', selectionStart: 3, selectionEnd: 3 });
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(0);
    await cdp.send('Input.insertText', { text: 'コード' });
    expect(await input.inputValue()).toBe('コード');
    // The next Enter, with no composition, submits (and the server's answer shows under the field).
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(1);
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});
