import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, PHONE, snap } from './browser';
import { texts } from './locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CASES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'ko-KR', lang: 'ko' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A translated template such as "Resend in {{seconds}}s" as a pattern that captures the number. */
function countdownPattern(template: string): RegExp {
  const [before = '', after = ''] = template.split('{{seconds}}');
  return new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`);
}

type Mail = { to: string; subject: string; text: string; code?: string; sent_at: string };

/** The code of the newest verification mail to `email` in the dev outbox, if any. */
function codeFromOutbox(email: string): string | null {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    const mail = JSON.parse(line) as Mail;
    if (mail.to === email && mail.code) return mail.code;
  }
  return null;
}

const storageKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).sort());
const storageValues = (page: Page) => page.evaluate(() => Object.values(window.localStorage));
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const onPath = (page: Page, pathname: string, timeout?: number) =>
  page.waitForURL((url) => url.pathname === pathname, timeout ? { timeout } : undefined);

/** What /login itself writes to local storage on arrival: nothing. */
const LOGIN_PAGE_KEYS: string[] = [];

describe.each(CASES)('accounts in $locale', ({ locale, lang }) => {
  const t = texts[lang];

  it('signs up on first login, verifies the e-mail, logs in, sees the profile and logs out', async () => {
    const email = `e2e-${Date.now()}-${lang}@example.com`;
    const password = `butter-${Date.now()}`;
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });

    // /login: the form in the browser's language; confirm waits for e-mail, password and agreement.
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expect.poll(() => h1(page)).toBe(t.screens.login);
    const emailInput = page.getByLabel(t.login.email, { exact: true });
    const passwordInput = page.getByLabel(t.login.password, { exact: true });
    const confirm = page.getByRole('button', { name: t.common.confirm, exact: true });
    expect(await emailInput.inputValue()).toBe('');
    await emailInput.fill('not-an-email');
    await passwordInput.fill(password);
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    expect(await confirm.isEnabled()).toBe(true);

    // The show/hide toggle is a pressed-state button.
    const toggle = page.getByRole('button', { name: t.login.showPassword, exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await passwordInput.getAttribute('type')).toBe('text');
    await toggle.click();
    expect(await passwordInput.getAttribute('type')).toBe('password');

    // An e-mail of the wrong form is refused before any account is made.
    await confirm.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: t.login.invalidEmail }).count()).toBe(1);
    await snap(page, `accounts-${lang}-login-invalid`);
    // A display name or angle brackets: the form says to type the address alone (issue 25).
    await emailInput.fill(`"Me" <${email}>`);
    await confirm.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: t.login.bareEmail }).count()).toBe(1);
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    await snap(page, `accounts-${lang}-login-bare-email`);

    // A new address: the account is created automatically, and the e-mail needs verifying.
    await emailInput.fill(email);
    await confirm.click();
    await onPath(page, '/verify', 15_000);
    await expect.poll(() => h1(page)).toBe(t.screens.verify);
    await expect.poll(() => page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await storageKeys(page)).toEqual(expect.arrayContaining(['last_email', 'user_email']));

    // Get code: a 60 s countdown that survives a reload.
    const countdown = page.getByRole('button', { name: countdownPattern(t.verify.resendIn) });
    const secondsShown = async () => Number(countdownPattern(t.verify.resendIn).exec((await countdown.textContent())?.trim() ?? '')?.[1]);
    await page.getByRole('button', { name: t.verify.getCode, exact: true }).click();
    await countdown.waitFor({ state: 'visible', timeout: 10_000 });
    const first = await secondsShown();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    expect(await countdown.isDisabled()).toBe(true);
    await snap(page, `accounts-${lang}-verify-countdown`);
    await page.waitForTimeout(1200);
    await page.reload();
    await countdown.waitFor({ state: 'visible' });
    const afterReload = await secondsShown();
    expect(afterReload).toBeGreaterThan(0);
    expect(afterReload).toBeLessThanOrEqual(60);
    expect(afterReload).toBeLessThan(first);
    expect(await storageKeys(page)).toContain('verificationCodeEndTime');

    // The code from the dev outbox verifies the address; /login follows after about 2 s.
    await expect.poll(() => codeFromOutbox(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel(t.verify.code, { exact: true }).fill(codeFromOutbox(email) ?? '');
    await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
    const success = page.getByText(t.verify.success, { exact: true });
    await success.waitFor({ state: 'visible' });
    const verifiedAt = Date.now();
    await snap(page, `accounts-${lang}-verify-success`);
    await onPath(page, '/login', 10_000);
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(1500);

    // Log in: the e-mail is prefilled, the password never stored.
    await expect.poll(() => emailInput.inputValue()).toBe(email);
    await passwordInput.fill(password);
    await page.getByRole('checkbox').check();
    await confirm.click();
    await onPath(page, '/explore', 15_000);
    expect(await storageKeys(page)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'user_info']));
    expect((await storageValues(page)).some((value) => value.includes(password))).toBe(false);
    const info = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user_info') ?? 'null') as unknown);
    expect(info).toMatchObject({ email, language: lang });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

    // The profile tab: e-mail and the 6 Butter every new account starts with.
    await page.getByRole('navigation', { name: t.nav.label }).getByRole('link', { name: t.nav.profile, exact: true }).click();
    await onPath(page, '/user');
    await expect.poll(() => h1(page)).toBe(t.screens.user);
    await expect.poll(() => page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('6.00', { exact: true }).isVisible()).toBe(true);
    await snap(page, `accounts-${lang}-profile`);

    // Logout clears everything and lands on /login; /user then sends the visitor to /login.
    await page.getByRole('button', { name: t.profile.logout, exact: true }).click();
    await onPath(page, '/login');
    await expect.poll(() => h1(page)).toBe(t.screens.login);
    expect(await storageKeys(page)).toEqual(LOGIN_PAGE_KEYS);
    await snap(page, `accounts-${lang}-logged-out`);
    await page.goto('/user');
    await onPath(page, '/login');
    expect(await storageKeys(page)).toEqual(LOGIN_PAGE_KEYS);
    await context.close();
  });
});
