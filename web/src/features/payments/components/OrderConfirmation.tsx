import type { Language } from '@butterfic/contract';
import type { Currency, Product } from '@butterfic/contract/client';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { confirmationRows } from '../confirmation';

/** The final confirmation of the order, above the payment form (confirmation.ts says what and why). */
export function OrderConfirmation({ product, currency, language }: { product: Product; currency: Currency; language: Language }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rows = confirmationRows({ product, currency, language, t });
  return (
    <section className="order-confirmation" aria-labelledby={headingId}>
      <h2 id={headingId} className="purchase-label">
        {t('markets.confirm.heading')}
      </h2>
      <dl className="order-rows">
        {rows.map((row) => (
          <div key={row.key} className="order-row" data-row={row.key}>
            <dt>{row.term}</dt>
            <dd className={row.key === 'price' ? 'tabular' : undefined}>
              {row.link ? (
                <Trans
                  i18nKey="markets.confirm.cancelValue"
                  components={{ terms: <Link to={`${paths.agreement}#refunds`} className="text-link" /> }}
                />
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
