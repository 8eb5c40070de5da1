import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { ResetPasswordForm } from '../../features/accounts/components/ResetPasswordForm';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /forgot-password (from "Forgot password?" on /login): a new password by a code mailed to the address. */
export function ForgotPassword() {
  const { t } = useTranslation();
  useDocumentTitle(t('password.resetTitle'));
  return (
    <>
      <TopBar title={t('password.resetTitle')} parent={paths.login} />
      <div className="auth auth--compact">
        <section className="auth-card">
          <span className="auth-badge" aria-hidden="true">
            <KeyRound size={28} />
          </span>
          <ResetPasswordForm />
        </section>
      </div>
    </>
  );
}
