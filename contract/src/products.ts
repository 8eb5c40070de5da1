import type { Language } from './languages';

/**
 * SPEC.md section 9: the Butter packages and time passes, the one price table.
 * The server charges from it (never from the client); the web shows it. Prices
 * are in Stripe's amounts, so nothing is ever rounded: cents, fen and TWD cents
 * for two-decimal currencies, whole yen and won for JPY and KRW (zero-decimal
 * at Stripe). JPY prices include Japan's consumption tax (総額表示); every price
 * here is the whole amount the buyer pays. Local prices (docs/decisions/0054)
 * are round numbers in each currency, not a conversion of the euro price.
 */
export const CURRENCIES = ['eur', 'cny', 'jpy', 'krw', 'twd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Per currency: `exponent`, the digits of its minor unit at Stripe (amount = price × 10^exponent);
 * `digits`, the decimals a price is shown with (TWD prices are whole dollars: Stripe pays TWD out in whole
 * dollars, and Taiwanese shops show NT$60, not NT$60.00).
 */
export const CURRENCY_FORMAT: Readonly<Record<Currency, { exponent: number; digits: number }>> = {
  eur: { exponent: 2, digits: 2 },
  cny: { exponent: 2, digits: 2 },
  jpy: { exponent: 0, digits: 0 },
  krw: { exponent: 0, digits: 0 },
  twd: { exponent: 2, digits: 0 },
};

export type Product =
  | { id: string; kind: 'butter'; butter: number; prices: Record<Currency, number> }
  | { id: string; kind: 'pass'; passSeconds: number; prices: Record<Currency, number> };

export const PRODUCTS: readonly Product[] = [
  { id: '1', kind: 'butter', butter: 30, prices: { eur: 179, cny: 1500, jpy: 300, krw: 2500, twd: 6000 } },
  { id: '2', kind: 'butter', butter: 60, prices: { eur: 349, cny: 3000, jpy: 600, krw: 5000, twd: 12000 } },
  { id: '3', kind: 'butter', butter: 100, prices: { eur: 529, cny: 4500, jpy: 900, krw: 7500, twd: 18000 } },
  { id: '4', kind: 'butter', butter: 300, prices: { eur: 1399, cny: 12000, jpy: 2400, krw: 20000, twd: 49000 } },
  { id: '5', kind: 'butter', butter: 500, prices: { eur: 2369, cny: 20000, jpy: 4000, krw: 34000, twd: 82000 } },
  { id: '6', kind: 'butter', butter: 1000, prices: { eur: 3559, cny: 30000, jpy: 6000, krw: 52000, twd: 124000 } },
  { id: '7', kind: 'pass', passSeconds: 3600, prices: { eur: 99, cny: 690, jpy: 160, krw: 1500, twd: 3500 } },
  { id: '8', kind: 'pass', passSeconds: 30 * 86400, prices: { eur: 979, cny: 6990, jpy: 1600, krw: 14000, twd: 34000 } },
];

export const DEFAULT_PRODUCT_ID = '1';
export const INVITE_BUTTER = 8;

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** Each reader's own currency: CNY for Simplified Chinese, TWD for Traditional, KRW, JPY, else EUR. */
export const LANGUAGE_CURRENCY: Readonly<Record<Language, Currency>> = {
  en: 'eur',
  'zh-CN': 'cny',
  'zh-TW': 'twd',
  ko: 'krw',
  ja: 'jpy',
};

/**
 * Currencies whose buyers tick, before paying, that Butter is delivered at once and so the legal cooling-off
 * does not apply: TWD (消費者保護法 §19 and the 通訊交易解除權合理例外情事適用準則 §2(5), digital content supplied
 * online with the consumer's prior consent). The server refuses such a checkout without the consent.
 */
export const DELIVERY_CONSENT_CURRENCIES: readonly Currency[] = ['twd'];
