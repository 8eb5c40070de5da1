import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/Loading';
import { TopBar } from '../../components/ui/TopBar';
import { useUserInfo } from '../../lib/account/user-info';
import { session } from '../../lib/session';
import { AdminConsole } from '../../features/moderation/components/AdminConsole';
import { useDocumentTitle } from '../useDocumentTitle';
import { NotFound } from './NotFound';

/** /admin: the operator console for ADMIN_EMAILS accounts; everyone else sees the 404 screen (the server answers 404001 too). */
export function Admin() {
  const loggedIn = session.isLoggedIn();
  if (!loggedIn) return <NotFound />;
  return <AdminGate />;
}

function AdminGate() {
  const { t } = useTranslation();
  const me = useUserInfo();
  useDocumentTitle(me.data?.is_admin ? t('moderation.admin.title') : t('notFound.title'));
  if (me.isPending)
    return (
      <Loading className="page">
        <span className="skeleton skeleton-title" aria-hidden="true" />
      </Loading>
    );
  if (!me.data?.is_admin) return <NotFound />;
  return (
    <>
      <TopBar title={t('moderation.admin.title')} />
      <AdminConsole />
    </>
  );
}
