import type { Language } from '@butterfic/contract';
import type { Currency } from '@butterfic/contract/client';
import { CURRENCIES } from '@butterfic/contract/client';

/** A price in minor units shown in the reader's language: €1.79, ¥15.00, 1,79 €… */
export function formatPrice(minor: number, currency: Currency, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** CNY for simplified-Chinese readers, EUR for everyone else; `?currency=` overrides. */
export function defaultCurrency(language: Language, requested?: string | null): Currency {
  const wanted = requested?.toLowerCase();
  if (wanted && (CURRENCIES as readonly string[]).includes(wanted)) return wanted as Currency;
  return language === 'zh-CN' ? 'cny' : 'eur';
}
