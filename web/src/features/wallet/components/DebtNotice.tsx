import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../lib/account/user-info';
import { paths } from '../../../lib/paths';
import '../wallet.css';

/**
 * The Butter an account owes after a payment was refunded or lost in a dispute (docs/decisions/0030):
 * nothing can be spent or bought until a redeem code or a gift pays it, so the notice leads to the
 * redeem screen (a recharge would be refused while the debt stands, issue 45).
 */
export function DebtNotice() {
  const { t } = useTranslation();
  const debt = useUserInfo().data?.debt ?? 0;
  if (debt <= 0) return null;
  return (
    <div className="debt-notice" role="status" data-testid="debt-notice">
      <CircleAlert aria-hidden="true" size={22} />
      <div className="debt-notice-body">
        <strong>{t('wallet.debtTitle', { debt })}</strong>
        <span>{t('wallet.debtBody')}</span>
        <Link className="btn btn--primary debt-notice-action" to={paths.redeem}>
          {t('wallet.redeemLabel')}
        </Link>
      </div>
    </div>
  );
}
