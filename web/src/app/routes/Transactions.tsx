import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { DebtNotice } from '../../features/wallet/components/DebtNotice';
import { TransactionsList } from '../../features/wallet/components/TransactionsList';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user/transactions: the Butter ledger (the router wraps it in RequireAuth). */
export function Transactions() {
  const { t } = useTranslation();
  const title = t('wallet.transactions');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <DebtNotice />
      <TransactionsList />
    </>
  );
}
