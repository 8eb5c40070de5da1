import type { Language } from '@butterfic/contract';
import { CURRENCY_FORMAT, type Currency } from '@butterfic/contract/client';

/**
 * A price from the server's table (Stripe's amount: cents and fen, whole yen and won, TWD cents) in the
 * reader's language, each currency with its own decimals: €1.79, ¥15.00, ￥300, ₩2,500, NT$60.
 */
export function formatPrice(amount: number, currency: Currency, language: Language): string {
  const { exponent, digits } = CURRENCY_FORMAT[currency];
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Taiwan's own format writes NT$ as a bare "$"; beside euros and yuan on one screen it says NT$, as shops there do.
  return format
    .formatToParts(amount / 10 ** exponent)
    .map((part) => (part.type === 'currency' && currency === 'twd' && part.value === '$' ? 'NT$' : part.value))
    .join('');
}
