import type { Language } from '@butterfic/contract';
import type { Currency } from '@butterfic/contract/client';
import { CURRENCIES, DELIVERY_CONSENT_CURRENCIES, LANGUAGE_CURRENCY } from '@butterfic/contract/client';

export { formatPrice } from '../../lib/money';

/** The reader's own currency (CNY, TWD, KRW, JPY, else EUR); `?currency=` overrides. */
export function defaultCurrency(language: Language, requested?: string | null): Currency {
  const wanted = requested?.toLowerCase();
  if (wanted && (CURRENCIES as readonly string[]).includes(wanted)) return wanted as Currency;
  return LANGUAGE_CURRENCY[language];
}

/**
 * Whether the buyer ticks, before paying, that the Butter comes at once and the cooling-off does not apply:
 * always in TWD (the server refuses a TWD checkout without it), and for Traditional Chinese readers in any
 * currency (Taiwan's 消費者保護法 §19 follows the buyer, not the currency).
 */
export const needsDeliveryConsent = (currency: Currency, language: Language) =>
  DELIVERY_CONSENT_CURRENCIES.includes(currency) || language === 'zh-TW';
