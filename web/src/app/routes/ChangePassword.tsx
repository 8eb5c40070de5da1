import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { ChangePasswordForm } from '../../features/accounts/components/ChangePasswordForm';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user/change-password (from the profile; the router wraps it in RequireAuth). */
export function ChangePassword() {
  const { t } = useTranslation();
  useDocumentTitle(t('password.changeTitle'));
  return (
    <>
      <TopBar title={t('password.changeTitle')} parent={paths.user} />
      <div className="auth auth--compact">
        <section className="auth-card">
          <span className="auth-badge" aria-hidden="true">
            <LockKeyhole size={28} />
          </span>
          <ChangePasswordForm />
        </section>
      </div>
    </>
  );
}
