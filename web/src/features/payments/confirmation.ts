import type { Language } from '@butterfic/contract';
import type { Currency, Product } from '@butterfic/contract/client';
import type { TFunction } from 'i18next';
import { formatPrice } from './format';

export type ConfirmationRow = { key: string; term: string; value: string; link?: 'refunds' };

/** What is bought, in the reader's words: a package of Butter or a pass of some length. */
export function productLabel(product: Product, t: TFunction): string {
  if (product.kind === 'butter') return t('payments.packageName', { butter: product.butter });
  return product.passSeconds <= 3600 ? t('payments.passHour') : t('payments.passDays', { days: Math.round(product.passSeconds / 86400) });
}

/**
 * The order as the payout page shows it before the payment form (Japan's 特定商取引法 art. 12-6 asks this
 * of the last screen before an order: what, how many, the price, how and when it is paid, when it is
 * delivered, and the cancellation rule). A JPY price says it includes tax (総額表示).
 */
export function confirmationRows({
  product,
  currency,
  language,
  t,
}: {
  product: Product;
  currency: Currency;
  language: Language;
  t: TFunction;
}): ConfirmationRow[] {
  const price = formatPrice(product.prices[currency], currency, language);
  return [
    { key: 'item', term: t('markets.confirm.item'), value: productLabel(product, t) },
    { key: 'quantity', term: t('markets.confirm.quantity'), value: new Intl.NumberFormat(language).format(1) },
    { key: 'price', term: t('markets.confirm.price'), value: currency === 'jpy' ? `${price}${t('markets.taxIncluded')}` : price },
    {
      key: 'payment',
      term: t('markets.confirm.payment'),
      value: currency === 'cny' ? t('markets.confirm.cardAlipayWechat') : t('markets.confirm.card'),
    },
    { key: 'paymentWhen', term: t('markets.confirm.paymentWhen'), value: t('markets.confirm.paymentWhenValue') },
    {
      key: 'delivery',
      term: t('markets.confirm.delivery'),
      value: product.kind === 'pass' ? t('markets.confirm.deliveryPassValue') : t('markets.confirm.deliveryValue'),
    },
    { key: 'cancel', term: t('markets.confirm.cancel'), value: t('markets.confirm.cancelValue'), link: 'refunds' },
  ];
}
