import { PRODUCTS } from '@butterfic/contract/client';
import { describe, expect, it } from 'vitest';
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
