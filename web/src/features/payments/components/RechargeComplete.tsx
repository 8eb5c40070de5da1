import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Hourglass, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { userInfoQueryOptions } from '../../../lib/account/user-info';
import { formatButter } from '../../../lib/format';
import { useCheckoutStatus } from '../api/checkout';
import '../payments.css';

/**
 * /recharge/complete: Stripe (or the sandbox) returns here. The Butter arrives
 * with the webhook a moment later, so the page polls the session and the
 * balance and shows the balance once credited.
 */
export function RechargeComplete() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const status = useCheckoutStatus(sessionId);
  const state = status.data?.status ?? (sessionId ? 'open' : 'unknown');
  const user = useQuery({ ...userInfoQueryOptions(), refetchInterval: state === 'open' || state === 'unknown' ? 2000 : false });

  const Icon = state === 'credited' ? CircleCheck : state === 'failed' ? TriangleAlert : Hourglass;
  return (
    <section className="complete" aria-live="polite">
      <span className={`complete-icon complete-icon--${state}`} aria-hidden="true">
        <Icon size={36} />
      </span>
      <h2>
        {state === 'credited'
          ? t('payments.complete.credited')
          : state === 'failed'
            ? t('payments.complete.failed')
            : t('payments.complete.waiting')}
      </h2>
      <p className="complete-body">
        {state === 'credited'
          ? t('payments.complete.creditedBody')
          : state === 'failed'
            ? t('payments.complete.failedBody')
            : t('payments.complete.waitingBody')}
      </p>
      {state === 'open' ? <span className="spinner" role="presentation" /> : null}
      <div className="balance-card complete-balance">
        <p className="balance-label">{t('profile.balance')}</p>
        <p className="balance-amount">
          <span className="tabular" data-testid="butter-balance">
            {user.isSuccess ? formatButter(user.data.balance) : '–'}
          </span>{' '}
          <span className="balance-unit">{t('profile.butter')}</span>
        </p>
      </div>
      <Link className="btn btn--primary btn--block" to={paths.explore}>
        {t('payments.complete.explore')}
      </Link>
      {state === 'failed' ? (
        <Link className="btn btn--secondary btn--block" to={paths.recharge}>
          {t('payments.complete.tryAgain')}
        </Link>
      ) : null}
    </section>
  );
}
