import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enSession from '../../web/src/locales/en/session.json';
import { launch, newPage, PHONE, snap } from './browser';
import { texts } from './locales';

/** The installable app: manifest and icons, the service worker, and what opens without the network. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function settleNoNotice(page: Page, title: string) {
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
}

type Manifest = {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe('installable app', () => {
  it('links a manifest with the name, a theme colour and icons including a maskable one, all served', async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Butterfic', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain(icon.type);
    }
    expect(await page.locator('meta[name="theme-color"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  for (const { lang, locale } of [
    { lang: 'en', locale: 'en-US' },
    { lang: 'zh-TW', locale: 'zh-TW' },
  ] as const) {
    it(`registers a service worker and opens without the network to a clear state in ${lang}`, async () => {
      const t = texts[lang] as (typeof texts)['en'] & typeof enSession;
      const { context, page } = await newPage(browser, { locale, viewport: PHONE });
      await page.goto('/explore');
      // The worker installs (keeping the shell and every file of the build) and takes the page.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state)), { timeout: 20_000 }).toBe('activated');
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 10_000 }).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: t.offline.title }).count()).toBe(0);
      // Every file of the build is kept before the network goes.
      const files = ((await (await page.request.get('/shell-files.json')).json()) as string[]).length;
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('butterfic-shell-v1')).keys()).filter((r) => r.url.includes('/assets/')).length), {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(files);

      await context.setOffline(true);
      // A screen never opened before still opens: the app from the cache, saying it is offline.
      await page.goto('/read');
      const notice = page.getByRole('status').filter({ has: page.getByRole('heading', { name: t.offline.title }) });
      await notice.waitFor().catch(async (error: unknown) => {
        await snap(page, `pwa-${lang}-offline-failed`);
        throw new Error(`no offline notice; the page says: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: error });
      });
      await notice.getByText(t.offline.body).waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
        await snap(page, `pwa-${lang}-offline-failed`);
        throw new Error(`notice gone; the page says: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: error });
      });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await snap(page, `pwa-${lang}-offline-phone`);

      // The same when the browser believes it is online (a network that reaches nothing; Chromium 150's
      // offline emulation, which a page loaded after it reads as online): the worker marks the shell it
      // answered with, and the page says it is offline from that mark (web/src/lib/online-status.ts).
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }));
      await page.goto('/explore');
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      await notice.getByText(t.offline.body).waitFor();

      // Back online, the screen loads again without it.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settleNoNotice(page, t.offline.title);

      // Without even the cached shell, a page answers with the static offline page in all five languages.
      await page.evaluate(async () => {
        for (const name of await caches.keys()) await (await caches.open(name)).delete('/');
      });
      await context.setOffline(true);
      await page.goto('/read');
      await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: texts['zh-TW'].offline?.title ?? '目前離線' }).count()).toBe(1);
      await snap(page, `pwa-${lang}-offline-static`);
      await context.close();
    });
  }
});
