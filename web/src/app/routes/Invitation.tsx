import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { InvitationPanel } from '../../features/wallet/components/InvitationPanel';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /invitation-code (the router wraps it in RequireAuth). */
export function Invitation() {
  const { t } = useTranslation();
  const title = t('screens.invitation');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <InvitationPanel />
    </>
  );
}
