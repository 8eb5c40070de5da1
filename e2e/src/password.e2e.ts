import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession, type Session } from './fixtures';
import { texts } from './locales';

/** Issue 18 (password change and reset) and issue 19 (display name, SPEC section 7 calls, sample-page dialog). */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CASES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'ja-JP', lang: 'ja' },
] as const;

/** The code of the newest mail to `email` in the dev outbox, newer than `after` mails. */
function lastCode(email: string): string | null {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).reverse()) {
    const mail = JSON.parse(line) as { to: string; code?: string; subject: string };
    if (mail.to === email && mail.code) return `${mail.subject}|${mail.code}`;
  }
  return null;
}

let made = 0;

/** A verified, logged-in account whose password the test knows. */
async function signUpWith(lang: string, password: string): Promise<Session> {
  const email = `e2e-pw-${Date.now()}-${++made}-${lang}@example.com`.toLowerCase();
  await callApi('POST', '/user/create/', { body: { age_confirmed: true, email, password, language: lang } });
  await callApi('POST', '/user/send-verification-code/', { body: { email } });
  await expect.poll(() => lastCode(email), { timeout: 10_000 }).toBeTruthy();
  await callApi('POST', '/user/verify-code/', { body: { email, code: lastCode(email)!.split('|')[1] } });
  return callApi<Session>('POST', '/user/login/', { body: { email, password } });
}

const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const loginWorks = async (email: string, password: string) =>
  callApi('POST', '/user/login/', { body: { email, password } }).then(
    () => true,
    () => false,
  );

describe.each(CASES)('passwords and profile in $locale', ({ locale, lang }) => {
  const t = texts[lang];
  const p = t.password as unknown as Record<string, string>;
  const edit = t.profileEdit as unknown as Record<string, string>;
  const samples = t.samples as unknown as Record<string, string>;
  const wallet = t.wallet as unknown as Record<string, string>;

  it('resets a forgotten password from /login with a mailed code', async () => {
    const session = await signUp(lang);
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await page.goto('/login');
    await page.getByRole('link', { name: p.forgot, exact: true }).click();
    await onPath(page, '/forgot-password');
    await page.getByRole('heading', { level: 1, name: p.resetTitle }).waitFor();
    await page.getByLabel(t.login.email, { exact: true }).fill(session.email.toUpperCase());
    const before = lastCode(session.email);
    await page.getByRole('button', { name: t.verify.getCode, exact: true }).click();
    await expect.poll(() => lastCode(session.email), { timeout: 10_000 }).not.toBe(before);
    const [subject, code] = lastCode(session.email)!.split('|');
    expect(subject).toContain(lang === 'ja' ? 'パスワード' : 'password');
    await snap(page, `password-reset-${lang}-phone`);

    await page.getByLabel(t.verify.code, { exact: true }).fill(code!);
    await page.getByLabel(p.new!, { exact: true }).fill('short');
    await page.getByRole('button', { name: p.resetSubmit, exact: true }).click();
    await page.getByText(p.tooShort!.replace('{{min}}', '8')).waitFor();

    await page.getByLabel(p.new!, { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: p.resetSubmit, exact: true }).click();
    await onPath(page, '/login');
    await page.getByText(p.resetDone!).waitFor();
    expect(await page.getByLabel(t.login.email, { exact: true }).inputValue()).toBe(session.email.toUpperCase());
    expect(await loginWorks(session.email, 'a brand new password')).toBe(true);
    // Every session of the account ended with the reset, access tokens included.
    await expect(callApi('GET', '/user/info/', { token: session.tokens.access })).rejects.toThrow(/301003/);
    await context.close();
  });

  it('edits the display name, changes the password and sends SPEC-shaped calls', async () => {
    const session = await signUpWith(lang, 'first password 1');
    const other = await callApi<Session>('POST', '/user/login/', { body: { email: session.email, password: 'first password 1' } });
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, session);
    const calls: { url: string; method: string; body: string | null }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) calls.push({ url: request.url(), method: request.method(), body: request.postData() });
    });

    await page.goto('/user');
    await page.getByRole('heading', { level: 2, name: session.name }).waitFor();
    expect(calls.some((c) => c.url.includes('/user/info/') && new URL(c.url).searchParams.get('uid') === session.uid)).toBe(true);

    // The name, from the pencil next to it, with /user/modify/ carrying email, name and language.
    await page.getByRole('button', { name: edit.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: edit.title });
    await dialog.getByLabel(edit.name!, { exact: true }).fill(lang === 'ja' ? '灯台の湊' : 'Lighthouse Ines');
    await snap(page, `profile-edit-name-${lang}-phone`);
    await dialog.getByRole('button', { name: edit.save, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: lang === 'ja' ? '灯台の湊' : 'Lighthouse Ines' }).waitFor();
    const modify = calls.find((c) => c.url.includes('/user/modify/'));
    expect(JSON.parse(modify!.body!)).toEqual({
      email: session.email,
      name: lang === 'ja' ? '灯台の湊' : 'Lighthouse Ines',
      language: lang,
    });
    const info = await callApi<{ name: string }>('GET', '/user/info/', { token: session.tokens.access });
    expect(info.name).toBe(lang === 'ja' ? '灯台の湊' : 'Lighthouse Ines');

    // The works list asks with author_uid and page.
    await page.goto('/user/work');
    await expect.poll(() => calls.find((c) => c.url.includes('/novel/list/'))).toBeTruthy();
    const list = new URL(calls.find((c) => c.url.includes('/novel/list/'))!.url);
    expect(Object.fromEntries(list.searchParams)).toEqual({ author_uid: session.uid, page: '1' });

    // Change password, from the profile menu.
    await page.goto('/user');
    await page.getByRole('link', { name: p.changeTitle, exact: true }).click();
    await onPath(page, '/user/change-password');
    await page.getByLabel(p.current!, { exact: true }).fill('not my password');
    await page.getByLabel(p.new!, { exact: true }).fill('changed password 1');
    await page.getByLabel(p.repeat!, { exact: true }).fill('changed password 2');
    await page.getByRole('button', { name: p.changeSubmit, exact: true }).click();
    await page.getByText(p.mismatch!).waitFor();
    await page.getByLabel(p.repeat!, { exact: true }).fill('changed password 1');
    await page.getByRole('button', { name: p.changeSubmit, exact: true }).click();
    await page.getByText(p.wrongCurrent!).waitFor();
    await snap(page, `password-change-${lang}-phone`);
    await page.getByLabel(p.current!, { exact: true }).fill('first password 1');
    await page.getByRole('button', { name: p.changeSubmit, exact: true }).click();
    await onPath(page, '/user');
    await page.getByText(p.changed!).waitFor();
    // This device stays signed in; the other session ended at once.
    expect((await callApi<{ uid: string }>('GET', '/user/info/', { token: session.tokens.access })).uid).toBe(session.uid);
    await expect(callApi('GET', '/user/info/', { token: other.tokens.access })).rejects.toThrow(/301003/);
    expect(await loginWorks(session.email, 'first password 1')).toBe(false);
    expect(await loginWorks(session.email, 'changed password 1')).toBe(true);

    // "Log out on all devices" ends this session and every other one, access tokens included.
    const third = await callApi<Session>('POST', '/user/login/', { body: { email: session.email, password: 'changed password 1' } });
    await page.getByRole('button', { name: p.logoutEverywhere, exact: true }).click();
    await onPath(page, '/login');
    await expect(callApi('GET', '/user/info/', { token: session.tokens.access })).rejects.toThrow(/301003/);
    await expect(callApi('GET', '/user/info/', { token: third.tokens.access })).rejects.toThrow(/301003/);
    await context.close();
  });

  it('offers Recharge on a sample page when the balance cannot pay for a story', async () => {
    const session = await signUp(lang);
    // The signup Butter pays for one story; after it the balance is 0.
    await callApi('POST', '/novel/generate/', {
      token: session.tokens.access,
      body: {
        params: {
          char_a_name: 'Ines',
          char_a_setting: 'A lighthouse keeper of 34 who trusts nobody.',
          char_b_name: 'Tomas',
          char_b_setting: 'A shipwrecked cartographer of 31, stubborn and warm.',
          plot: 'A storm strands him on her island for a week.',
        },
        is_r18: 0,
        dialogue_heavy: 1,
        first_person: 0,
        language: lang,
        model: 'v1',
      },
    });
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, session);
    await page.goto('/p/ines-and-tomas-lighthouse');
    await page.getByRole('button', { name: samples.generateAnother!, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: wallet.insufficientTitle! });
    await dialog.waitFor();
    await snap(page, `sample-no-butter-${lang}-phone`);
    await dialog.getByRole('button', { name: t.common.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/p/ines-and-tomas-lighthouse');
    await page.getByRole('button', { name: samples.generateAnother!, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: wallet.recharge!, exact: true }).click();
    await onPath(page, '/recharge');
    await context.close();
  });
});
