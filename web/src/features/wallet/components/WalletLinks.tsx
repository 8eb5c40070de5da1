import { ChevronRight, Infinity as InfinityIcon, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../lib/account/user-info';
import { formatDateTime } from '../../../lib/format';
import '../wallet.css';
import { DebtNotice } from './DebtNotice';

/** On the profile: the time pass while it runs, and the way to the transactions list. */
export function WalletLinks() {
  const { t } = useTranslation();
  const user = useUserInfo();
  // The server answers null once the pass has run out.
  const passEnd = user.data?.pass_expires_at ?? null;
  return (
    <>
      <DebtNotice />
      {passEnd ? (
        <p className="pass-card" data-testid="pass-card">
          <InfinityIcon aria-hidden="true" size={22} />
          <span>
            <strong>{t('wallet.passActive')}</strong>
            <span className="pass-until">{t('wallet.passUntil', { when: formatDateTime(passEnd, currentLanguage()) })}</span>
          </span>
        </p>
      ) : null}
      <ul className="list">
        <li>
          <Link className="list-item" to={paths.transactions}>
            <ReceiptText className="list-icon" aria-hidden="true" size={20} />
            <span className="grow">{t('wallet.transactions')}</span>
            <ChevronRight className="muted" aria-hidden="true" size={18} />
          </Link>
        </li>
      </ul>
    </>
  );
}
