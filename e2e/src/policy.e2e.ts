import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { signUp, useSession } from './fixtures';
import { texts } from './locales';

/** global-setup.ts starts the app with this TAKEDOWN_EMAIL. */
const TAKEDOWN = 'takedown@e2e.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const bodyText = (page: Page) => page.locator('main').innerText();

/** What a reader must find on the agreement, in the words of each language. */
const CASES = [
  {
    locale: 'en-US',
    lang: 'en',
    date: 'March 25, 2025',
    promise: 'We take disputed content down within 24 hours of a valid claim.',
    age: 'You must be at least 13 years old to use Butterfic',
    sections: ['Legal duties', 'Your creations', 'Violations', 'Refunds', 'Privacy', 'Who runs Butterfic'],
    guidelines: 'Community guidelines',
    tax: null,
  },
  {
    locale: 'zh-CN',
    lang: 'zh-CN',
    date: '2025年3月25日',
    promise: '收到有效投诉后，我们会在 24 小时内下架争议内容。',
    age: '你必须年满 14 周岁才能使用 Butterfic',
    sections: ['法律义务', '你的创作', '违规处理', '退款', '隐私', '运营方'],
    guidelines: '社区准则',
    tax: '充值时填写的地址仅用于计算税费。',
  },
] as const;

async function checkAgreement(page: Page, c: (typeof CASES)[number]) {
  const t = texts[c.lang];
  await expect.poll(() => h1(page)).toBe(t.screens.agreement);
  await page.locator('.policy-body').waitFor();
  const text = await bodyText(page);
  expect(text).toContain(c.date);
  expect(await page.locator('time').getAttribute('datetime')).toBe('2025-03-25');
  expect(text).toContain(c.promise);
  expect(text).toContain(c.age);
  if (c.tax) expect(text).toContain(c.tax);
  // The takedown address is the configured one, as a mail link.
  const mail = page.getByRole('link', { name: TAKEDOWN }).first();
  expect(await mail.getAttribute('href')).toBe(`mailto:${TAKEDOWN}`);
  // global-setup.ts sets no operator: who runs the service shows as plain placeholders naming the settings.
  expect(text).toContain('[OPERATOR_NAME]');
  expect(text).toContain('[GOVERNING_LAW]');
  expect(await page.locator('.policy-unset').first().isVisible()).toBe(true);
  // The optional company number's sentence is left out while unset.
  expect(text).not.toContain('[OPERATOR_COMPANY_NUMBER]');
  // The six sections, in order, each reachable from the table of contents.
  const toc = page.getByRole('navigation', { name: t.policy!.contents });
  expect(await toc.getByRole('link').allTextContents()).toEqual([...c.sections]);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.filter((h) => (c.sections as readonly string[]).includes(h))).toEqual([...c.sections]);
}

describe.each(CASES)('the policy pages in $locale', (c) => {
  const t = texts[c.lang];

  it('a visitor opens the agreement from the login checkbox, jumps to a section, comes back; then reads about us', async () => {
    const { context, page } = await newPage(browser, { locale: c.locale, viewport: PHONE });
    await page.goto('/login');
    await expect.poll(() => h1(page)).toBe(t.screens.login);
    // The link inside the agreement checkbox's label, named by the words it wraps.
    const linkWords = /<terms>(.+)<\/terms>/.exec(t.login.agreement)?.[1] ?? '';
    await page.locator('label').getByRole('link', { name: linkWords, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user-agreement');
    await checkAgreement(page, c);
    await snap(page, `policy-agreement-${c.lang}-phone`);

    // The contents link scrolls the privacy section into view under the sticky top bar.
    await page.getByRole('navigation', { name: t.policy!.contents }).getByRole('link', { name: c.sections[4] }).click();
    await page.waitForURL((url) => url.hash === '#privacy');
    await expect
      .poll(() => page.locator('#privacy').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(56);
    expect(await page.locator('#privacy').evaluate((el) => el.getBoundingClientRect().top < window.innerHeight / 2)).toBe(true);
    await snap(page, `policy-agreement-${c.lang}-phone-privacy`);

    // Back from the section, then back to the login form (history, not a reload).
    await page.goBack();
    await page.getByRole('button', { name: t.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // A link from elsewhere straight to a section lands on it once the text has loaded.
    await page.goto('/about-us#contact');
    await expect.poll(() => h1(page)).toBe(t.screens.about);
    await page.locator('#contact').waitFor();
    // Scrolled down to it (the last section may sit below the middle when the page ends), clear of the top bar.
    await expect
      .poll(() =>
        page.locator('#contact').evaluate((el) => {
          const { top, bottom } = el.getBoundingClientRect();
          return window.scrollY > 0 && top >= 56 && bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    const about = await bodyText(page);
    expect(about).toContain(TAKEDOWN);
    expect(about).toContain('24');
    expect(await page.getByRole('heading', { level: 2, name: c.guidelines }).count()).toBe(1);
    await snap(page, `policy-about-${c.lang}-phone`);
    // The footer and the guidelines link to the agreement.
    await page.locator('footer').getByRole('link', { name: t.screens.agreement }).click();
    await page.waitForURL((url) => url.pathname === '/user-agreement');
    await checkAgreement(page, c);
    await context.close();
  });

  it('a signed-in reader opens both pages from the profile on a desktop', async () => {
    const session = await signUp(c.lang);
    const { context, page } = await newPage(browser, { locale: c.locale, viewport: DESKTOP });
    await useSession(page, session);
    await page.goto('/user');
    const menu = page.getByRole('navigation', { name: t.profile.menu });
    await menu.getByRole('link', { name: t.screens.agreement }).click();
    await page.waitForURL((url) => url.pathname === '/user-agreement');
    await checkAgreement(page, c);
    await snap(page, `policy-agreement-${c.lang}-desktop`);
    await page.getByRole('button', { name: t.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    await menu.getByRole('link', { name: t.screens.about }).click();
    await page.waitForURL((url) => url.pathname === '/about-us');
    await expect.poll(() => h1(page)).toBe(t.screens.about);
    await page.locator('footer').waitFor();
    expect(await bodyText(page)).toContain(TAKEDOWN);
    await snap(page, `policy-about-${c.lang}-desktop`);
    await context.close();
  });
});

describe('each market\'s notices', () => {
  it('a Japanese visitor finds the commerce-law page from about us, with the placeholders while the operator is unset', async () => {
    const t = texts.ja;
    const { context, page } = await newPage(browser, { locale: 'ja-JP', viewport: PHONE });
    await page.goto('/about-us');
    await page.locator('footer').getByRole('link', { name: t.screens.commerceLaw }).click();
    await page.waitForURL((url) => url.pathname === '/legal/commerce');
    await expect.poll(() => h1(page)).toBe(t.screens.commerceLaw);
    await page.locator('.policy-table').first().waitFor();
    const text = await bodyText(page);
    for (const term of ['販売事業者', '所在地', '電話番号', '販売価格', 'お支払い方法', '商品の引渡時期', '返品・キャンセル']) expect(text).toContain(term);
    expect(text).toContain('[OPERATOR_NAME]');
    expect(text).toContain('[OPERATOR_ADDRESS]');
    expect(text).not.toContain('法人番号');
    // Issue 48: the representative, and the price table in yen with tax included.
    expect(text).toContain('代表者・運営責任者');
    expect(text).toContain('[OPERATOR_REPRESENTATIVE]');
    expect(text).toContain('￥300（税込）');
    await snap(page, 'policy-commerce-ja-phone');
    await context.close();
  });

  it('a Korean reader finds the privacy officer and the transfer abroad; an English one reads the commerce page with a note', async () => {
    const { context, page } = await newPage(browser, { locale: 'ko-KR', viewport: DESKTOP });
    await page.goto('/user-agreement#privacy');
    await page.locator('#privacy').waitFor();
    const privacy = await page.locator('section:has(#privacy)').innerText();
    expect(privacy).toContain('개인정보 보호책임자');
    expect(privacy).toContain('국외 이전');
    await snap(page, 'policy-agreement-ko-desktop-privacy');
    await context.close();

    const en = await newPage(browser, { locale: 'en-US', viewport: DESKTOP });
    await en.page.goto('/legal/commerce');
    await expect.poll(() => h1(en.page)).toBe(texts.en.screens.commerceLaw);
    await en.page.locator('.policy-table').first().waitFor();
    expect(await en.page.locator('article').getAttribute('lang')).toBe('ja');
    expect(await bodyText(en.page)).toContain(texts.en.policy!.commerceNote);
    await en.context.close();
  });
});

describe('the policy pages when the server cannot be reached', () => {
  it('shows an error with a retry that brings the text back', async () => {
    const t = texts.en;
    const { context, page } = await newPage(browser, { locale: 'en-US', viewport: PHONE });
    let offline = true;
    await page.route('**/api/v1/site/info/**', (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto('/user-agreement');
    const retry = page.getByRole('button', { name: t.common.retry });
    await retry.waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(t.policy!.loadError);
    expect(await bodyText(page)).toContain(t.errors.network);
    await snap(page, 'policy-agreement-en-phone-error');
    offline = false;
    await retry.click();
    await page.locator('.policy-body').waitFor();
    expect(await bodyText(page)).toContain(TAKEDOWN);
    await context.close();
  });
});
