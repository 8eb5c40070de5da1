import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, PHONE } from './browser';
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
    const t = texts.ja;
    const { context, page } = await newPage(browser, { locale: 'ja', viewport: PHONE });
    await page.goto('/login');
    const email = page.getByLabel(t.login.email, { exact: true });
    await email.fill('reader');
    await page.getByLabel(t.login.password, { exact: true }).fill('butter-password');
    await page.getByRole('checkbox').check();
    await countSubmits(page);
    await email.focus();
    // A real composition in Chromium (as a Japanese IME makes one), confirmed with Enter.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'かんじ', selectionStart: 3, selectionEnd: 3 });
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await cdp.send('Input.insertText', { text: 'かんじ' });
    expect(await email.inputValue()).toBe('readerかんじ');
    // The next Enter, with no composition, submits (and the form says the address is not one).
    await page.keyboard.press('Enter');
    expect(await submits(page)).toBe(1);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: t.login.invalidEmail }).count()).toBe(1);
    await context.close();
  });
});
