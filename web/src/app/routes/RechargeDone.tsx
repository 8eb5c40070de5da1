import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { RechargeComplete } from '../../features/payments/components/RechargeComplete';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /recharge/complete: where a checkout returns (the router wraps it in RequireAuth). */
export function RechargeDone() {
  const { t } = useTranslation();
  const title = t('screens.rechargeComplete');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <RechargeComplete />
    </>
  );
}
