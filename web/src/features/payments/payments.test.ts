import { PRODUCTS, STATUS } from '@butterfic/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api-client';
import { isCheckoutRefused } from './components/CheckoutRefused';
import { defaultCurrency, formatPrice } from './format';

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

  it('picks CNY for simplified Chinese, EUR otherwise, unless the URL asks', () => {
    expect(defaultCurrency('zh-CN')).toBe('cny');
    expect(defaultCurrency('zh-TW')).toBe('eur');
    expect(defaultCurrency('en', 'CNY')).toBe('cny');
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
