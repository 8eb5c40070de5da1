import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/Loading';
import { CURRENCIES, type Currency } from '@butterfic/contract/client';
import { errorMessage } from '../../../lib/errors';
import { isLanguage } from '../../../lib/language';
import { formatPrice } from '../../../lib/money';
import { useDisputes, type AdminDispute } from '../api';
import '../moderation.css';

/** Stripe's statuses that still need the operator (evidence to send, or the bank deciding). */
const OPEN = new Set(['warning_needs_response', 'needs_response', 'warning_under_review', 'under_review']);

function DisputeRow({ dispute, format }: { dispute: AdminDispute; format: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation();
  // Stripe's amount in the payment's currency: whole yen and won, cents otherwise (lib/money.ts).
  const currency = CURRENCIES.find((c): c is Currency => c === dispute.currency.toLowerCase());
  const money = currency
    ? formatPrice(dispute.amount, currency, isLanguage(i18n.language) ? i18n.language : 'en')
    : `${dispute.amount} ${dispute.currency.toUpperCase()}`;
  const status = t(`moderation.admin.disputeStatus.${dispute.status}`, { defaultValue: dispute.status });
  return (
    <li className="admin-dispute">
      <span className={`admin-dispute-status admin-dispute-status--${OPEN.has(dispute.status) ? 'open' : dispute.status}`}>{status}</span>{' '}
      <strong className="tabular">{money}</strong> · {t('moderation.admin.disputeProduct', { product: dispute.product_name })} ·{' '}
      {dispute.user_email}
      {dispute.user_debt > 0 ? (
        <span className="admin-dispute-debt"> · {t('moderation.admin.disputeDebt', { debt: dispute.user_debt })}</span>
      ) : null}
      <br />
      <span className="admin-muted">
        {t('moderation.admin.disputeReason', { reason: dispute.reason })} ·{' '}
        <time dateTime={new Date(dispute.created_time * 1000).toISOString()}>{format.format(new Date(dispute.created_time * 1000))}</time> ·{' '}
        <code>{dispute.id}</code>
      </span>
    </li>
  );
}

/** The console's list of card disputes (chargebacks): what is open, and what a lost one left the account owing. */
export function Disputes() {
  const { t, i18n } = useTranslation();
  const disputes = useDisputes(true);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="admin-audit" aria-labelledby="admin-disputes-title">
      <h2 id="admin-disputes-title" className="admin-section-title">
        {t('moderation.admin.disputes')}
      </h2>
      {disputes.isPending ? (
        <Loading className="admin-audit-list">
          <span className="skeleton skeleton-line skeleton-line--full" aria-hidden="true" />
        </Loading>
      ) : disputes.isError ? (
        <p className="admin-muted">
          {errorMessage(disputes.error, t)}{' '}
          <Button variant="ghost" onClick={() => void disputes.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : disputes.data.results.length === 0 ? (
        <p className="admin-muted">{t('moderation.admin.disputesEmpty')}</p>
      ) : (
        <ul className="admin-audit-list" data-testid="admin-disputes">
          {disputes.data.results.map((dispute) => (
            <DisputeRow key={dispute.id} dispute={dispute} format={format} />
          ))}
        </ul>
      )}
    </section>
  );
}
