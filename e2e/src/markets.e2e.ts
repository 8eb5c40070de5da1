import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enMarkets from '../../web/src/locales/en/markets.json';
import type enPayments from '../../web/src/locales/en/payments.json';
import { DESKTOP, launch, newPage, PHONE, snap } from './browser';
import { callApi, signUp, useSession } from './fixtures';
import { texts } from './locales';

type PaymentsText = (typeof enPayments)['payments'];
type MarketsText = (typeof enMarkets)['markets'];

/**
 * Issue 48 on the screens: local prices chosen by the reader's language, the Japanese final confirmation
 * before the payment form, Taiwan's consent to immediate delivery before paying, the Korean privacy policy.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const balanceOf = (token: string) => callApi<{ balance: number }>('GET', '/user/info/', { token }).then((u) => u.balance);
const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const text = (lang: keyof typeof texts) => ({
  p: texts[lang].payments as unknown as PaymentsText,
  m: texts[lang].markets as unknown as MarketsText,
});

describe.each([
  { locale: 'ja-JP', lang: 'ja', currency: 'jpy', price: '￥300' },
  { locale: 'ko-KR', lang: 'ko', currency: 'krw', price: '₩2,500' },
  { locale: 'zh-TW', lang: 'zh-TW', currency: 'twd', price: 'NT$60' },
] as const)('recharge in $locale', ({ locale, lang, currency, price }) => {
  it('shows the packages in the reader’s own currency, with a switch to the others', async () => {
    const me = await signUp(lang);
    const { p } = text(lang);
    const { context, page } = await newPage(browser, { locale, viewport: PHONE });
    await useSession(page, me);
    await page.goto('/recharge');
    const packages = page.getByRole('radiogroup', { name: p.choosePackage });
    await expect.poll(() => packages.getByRole('radio').count()).toBe(6);
    expect(await page.getByRole('radio', { name: p.currencies[currency] }).isChecked()).toBe(true);
    await expect.poll(() => packages.locator('.package-price').first().textContent()).toContain(price);
    await snap(page, `markets-${lang}-recharge`);
    await page.getByRole('radio', { name: p.currencies.eur }).check({ force: true });
    await expect.poll(() => packages.locator('.package-price').first().textContent()).toBe('€1.79');
    await context.close();
  });
});

describe('checkout in the markets', () => {
  it('ja: the final confirmation (what, quantity, price with tax, payment, delivery, cancellation) stands above the payment form', async () => {
    const me = await signUp('ja');
    const { m, p } = text('ja');
    const { context, page } = await newPage(browser, { locale: 'ja-JP', viewport: PHONE });
    await useSession(page, me);
    await page.goto('/payout/1?currency=jpy');
    const confirmation = page.getByRole('region', { name: m.confirm.heading });
    await expect.poll(() => confirmation.locator('dt').allTextContents()).toEqual([
      m.confirm.item,
      m.confirm.quantity,
      m.confirm.price,
      m.confirm.payment,
      m.confirm.paymentWhen,
      m.confirm.delivery,
      m.confirm.cancel,
    ]);
    expect(await confirmation.locator('[data-row="price"] dd').textContent()).toBe('￥300（税込）');
    const pay = page.getByRole('button', { name: p.sandbox.pay });
    await pay.waitFor();
    // Above the button that places the order.
    const [boxTop, payTop] = await Promise.all([confirmation.boundingBox(), pay.boundingBox()]);
    expect(boxTop!.y).toBeLessThan(payTop!.y);
    await snap(page, 'markets-ja-payout-confirmation');
    await context.close();
  });

  it('zh-TW: no payment form until the buyer ticks that the 7-day cooling-off does not apply; then the purchase credits 30 Butter', async () => {
    const me = await signUp('zh-TW');
    const { m, p } = text('zh-TW');
    const { context, page } = await newPage(browser, { locale: 'zh-TW', viewport: PHONE });
    await useSession(page, me);
    await page.goto('/recharge');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: p.continue }).click();
    await onPath(page, '/payout/1');
    const consent = page.getByRole('checkbox', { name: m.consent.label });
    await consent.waitFor();
    await expect.poll(() => page.getByText(m.consent.needed).count()).toBe(1);
    expect(await page.getByRole('button', { name: p.sandbox.pay }).count()).toBe(0);
    await snap(page, 'markets-zh-TW-consent');
    await consent.check();
    await page.getByPlaceholder(p.sandbox.name).fill('測試買家');
    await page.getByPlaceholder(p.sandbox.address).fill('臺北市信義區市府路 1 號');
    await page.getByRole('button', { name: p.sandbox.pay }).click();
    await onPath(page, '/recharge/complete');
    await expect.poll(() => balanceOf(me.tokens.access), { timeout: 15_000 }).toBe(36);
    await context.close();
  });

  it('ko: the 개인정보 처리방침 with the business details as placeholders while unset', async () => {
    const { context, page } = await newPage(browser, { locale: 'ko-KR', viewport: DESKTOP });
    await page.goto('/legal/privacy-ko');
    await page.locator('.policy-body').waitFor();
    const body = await page.locator('main').innerText();
    for (const words of ['개인정보의 처리 목적', '개인정보의 국외 이전', '개인정보 보호책임자', '[KR_MAIL_ORDER_NUMBER]', '[KR_BUSINESS_NUMBER]', '만 14세'])
      expect(body).toContain(words);
    await snap(page, 'markets-ko-privacy');
    await context.close();
  });
});
