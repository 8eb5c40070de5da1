import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { RechargePanel } from '../../features/payments/components/RechargePanel';
import { useRefreshParam } from '../../features/payments/hooks';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /recharge: the Butter packages (the router wraps it in RequireAuth). */
export function Recharge() {
  const { t } = useTranslation();
  const title = t('screens.recharge');
  useDocumentTitle(title);
  const reloading = useRefreshParam();
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      {reloading ? null : <RechargePanel />}
    </>
  );
}
