import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { RedeemPanel } from '../../features/wallet/components/RedeemPanel';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /redeem (the router wraps it in RequireAuth). */
export function Redeem() {
  const { t } = useTranslation();
  const title = t('screens.redeem');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <RedeemPanel />
    </>
  );
}
