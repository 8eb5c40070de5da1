import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import type enPosts from '../../web/src/locales/en/posts.json';
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

describe.each(CASES)('the app shell in $locale', ({ locale, lang }) => {
  const t = texts[lang] as (typeof texts)['en'] & typeof enPosts;
  // SPEC.md section 2's four-tab reading: For You, Read, Write, Profile.
  const tabs = [
    { name: t.posts.tabs.forYou, path: '/explore', heading: t.screens.explore },
    { name: t.posts.tabs.read, path: '/read', heading: t.posts.readTitle },
    { name: t.posts.tabs.write, path: '/article/create', heading: t.screens.create },
  ];
  // The profile tab needs a session: a visitor who is not logged in lands on /login (accounts.e2e.ts covers /user itself).
  const profile = { name: t.nav.profile, path: '/login', heading: t.screens.login };
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`clicks through the tab bar on a ${size}`, async () => {
      const { context, page } = await newPage(browser, { locale, viewport });
      await page.goto('/explore');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const nav = page.getByRole('navigation', { name: t.nav.label });
      for (const tab of [...tabs].reverse().concat(tabs[0]!)) {
        const link = nav.getByRole('link', { name: tab.name, exact: true });
        await link.click();
        await page.waitForURL((url) => url.pathname === tab.path);
        await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(tab.heading);
        expect(await page.title()).toBe(`${tab.heading} · Butterfic`);
        await snap(page, `shell-${lang}-${size}-${tab.path.replaceAll('/', '_')}`);
      }
      await nav.getByRole('link', { name: profile.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === profile.path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(profile.heading);
      expect(await page.title()).toBe(`${profile.heading} · Butterfic`);
      await snap(page, `shell-${lang}-${size}-profile-logged-out`);
      await context.close();
    });
  }
});

describe('deep links and languages', () => {
  it('serves a deep link, switches the language at once, remembers it and goes back', async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await page.goto('/explore/persona/anything');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.en.screens.persona);
    // Back on the first screen of a visit leads to the screen's parent.
    await page.getByRole('button', { name: texts.en.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/explore');
    await page.goto('/change-language');
    await page.getByRole('radio', { name: '日本語' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.ja.screens.changeLanguage);
    expect(await page.getByRole('radio', { name: '日本語' }).getAttribute('aria-checked')).toBe('true');
    await snap(page, 'change-language-ja-phone');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.ja.screens.changeLanguage);
    // Back leads to the parent, /user, which sends a visitor who is not logged in on to /login.
    await page.getByRole('button', { name: texts.ja.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(texts.ja.screens.login);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.ja.notFound.title);
    await snap(page, 'not-found-ja-phone');
    await context.close();
  });
});
