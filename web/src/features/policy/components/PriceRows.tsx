import { PRODUCTS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../lib/language';
import { formatPrice } from '../../../lib/money';
import type { PriceTable } from '../content/types';

/** A policy text's price table: every product of the one price table, in the text's currency and language. */
export function PriceRows({ table, lang }: { table: PriceTable; lang: string | undefined }) {
  const { i18n } = useTranslation();
  const language = lang && isLanguage(lang) ? lang : isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <dl className="policy-table">
      {PRODUCTS.map((product) => {
        const name =
          product.kind === 'butter'
            ? table.butter.replace('{{butter}}', String(product.butter))
            : product.passSeconds <= 3600
              ? table.hour
              : table.days.replace('{{days}}', String(Math.round(product.passSeconds / 86400)));
        return (
          <div key={product.id}>
            <dt>{name}</dt>
            <dd className="tabular">
              {formatPrice(product.prices[table.currency], table.currency, language)}
              {table.suffix}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
