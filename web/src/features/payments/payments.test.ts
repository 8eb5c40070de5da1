import { findProduct, PRODUCTS, STATUS, type Product } from '@butterfic/contract/client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api-client';
import ja from '../../locales/ja';
import zhTW from '../../locales/zh-TW';
import { isCheckoutRefused } from './components/CheckoutRefused';
import { confirmationRows } from './confirmation';
import { defaultCurrency, formatPrice, needsDeliveryConsent } from './format';

describe('prices', () => {
  it('shows the table of SPEC.md section 9 in each currency', () => {
    const shown = PRODUCTS.map((p) => [formatPrice(p.prices.eur, 'eur', 'en'), formatPrice(p.prices.cny, 'cny', 'zh-CN')]);
    expect(shown).toEqual([
      ['€1.79', '¥15.00'],
      ['€3.49', '¥30.00'],
      ['€5.29', '¥45.00'],
      ['€13.99', '¥120.00'],
      ['€23.69', '¥200.00'],
      ['€35.59', '¥300.00'],
      ['€0.99', '¥6.90'],
      ['€9.79', '¥69.90'],
    ]);
  });

  it('shows yen and won without decimals, Taiwan dollars whole, each in its own rounding', () => {
    const shown = PRODUCTS.map((p) => [formatPrice(p.prices.jpy, 'jpy', 'ja'), formatPrice(p.prices.krw, 'krw', 'ko'), formatPrice(p.prices.twd, 'twd', 'zh-TW')]);
    expect(shown).toEqual([
      ['￥300', '₩2,500', 'NT$60'],
      ['￥600', '₩5,000', 'NT$120'],
      ['￥900', '₩7,500', 'NT$180'],
      ['￥2,400', '₩20,000', 'NT$490'],
      ['￥4,000', '₩34,000', 'NT$820'],
      ['￥6,000', '₩52,000', 'NT$1,240'],
      ['￥160', '₩1,500', 'NT$35'],
      ['￥1,600', '₩14,000', 'NT$340'],
    ]);
    // In another reader's language too: never ¥300.00 or ₩2,500.00.
    expect(formatPrice(300, 'jpy', 'en')).toBe('¥300');
    expect(formatPrice(6000, 'twd', 'en')).toBe('NT$60');
  });

  it("picks the reader's own currency (CNY, TWD, KRW, JPY, else EUR), unless the URL asks", () => {
    expect(defaultCurrency('zh-CN')).toBe('cny');
    expect(defaultCurrency('zh-TW')).toBe('twd');
    expect(defaultCurrency('ko')).toBe('krw');
    expect(defaultCurrency('ja')).toBe('jpy');
    expect(defaultCurrency('en')).toBe('eur');
    expect(defaultCurrency('en', 'CNY')).toBe('cny');
    expect(defaultCurrency('ja', 'eur')).toBe('eur');
    expect(defaultCurrency('zh-CN', 'usd')).toBe('cny');
  });
});

describe('a checkout the server refuses', () => {
  it('is told apart from a failure worth retrying (issue 45: a disputed payment or a debt answers 403001)', () => {
    expect(isCheckoutRefused(new ApiError(403, STATUS.forbidden, 'Purchases are paused: this account owes 6 Butter…'))).toBe(true);
    expect(isCheckoutRefused(new ApiError(500, STATUS.internal, 'Something went wrong'))).toBe(false);
    expect(isCheckoutRefused(new ApiError(0, NETWORK_ERROR, ''))).toBe(false);
    expect(isCheckoutRefused(new Error('Failed to fetch client secret'))).toBe(false);
  });
});

async function translator(language: 'ja' | 'zh-TW', resources: Record<string, unknown>) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: resources } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('the order before paying (issue 48)', () => {
  it('shows, in Japanese, the final confirmation 特定商取引法 asks for: what, quantity, price with tax, payment, delivery, cancellation', async () => {
    const t = await translator('ja', ja);
    const rows = confirmationRows({ product: findProduct('1') as Product, currency: 'jpy', language: 'ja', t });
    expect(rows.map((r) => [r.term, r.value.replace(/<\/?terms>/g, '')])).toEqual([
      ['商品', '30バター'],
      ['数量', '1'],
      ['お支払い金額', '￥300（税込）'],
      ['お支払い方法', 'クレジットカード・デビットカード'],
      ['お支払いの時期', '下のお支払いを完了した時点で決済されます。'],
      ['引渡時期', 'お支払いの完了後すぐに、バターが残高に反映されます。'],
      [
        'キャンセル・返品',
        'デジタルコンテンツのため、お支払い後の返品・キャンセルはできません。ただし、一つも使っていないバター（または一度も使っていない使い放題パス）は、購入から14日以内にご連絡いただければ返金します。詳しくは返金についてをご覧ください。',
      ],
    ]);
    const pass = confirmationRows({ product: findProduct('8') as Product, currency: 'jpy', language: 'ja', t });
    expect(pass.find((r) => r.key === 'item')?.value).toBe('30日間使い放題パス');
    expect(pass.find((r) => r.key === 'delivery')?.value).toContain('使い放題パスが有効になります');
  });

  it('asks the consent to immediate delivery in TWD and of every Traditional Chinese reader, and nobody else', async () => {
    expect(needsDeliveryConsent('twd', 'zh-TW')).toBe(true);
    expect(needsDeliveryConsent('twd', 'en')).toBe(true);
    expect(needsDeliveryConsent('eur', 'zh-TW')).toBe(true);
    expect(needsDeliveryConsent('jpy', 'ja')).toBe(false);
    expect(needsDeliveryConsent('eur', 'en')).toBe(false);
    const t = await translator('zh-TW', zhTW);
    expect(t('markets.consent.label')).toContain('不適用七天解除權');
  });
});
