import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { TopBar } from '../../components/ui/TopBar';
import { VerifyForm } from '../../features/accounts/components/VerifyForm';
import { paths } from '../../lib/paths';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { useDocumentTitle } from '../useDocumentTitle';

/** /verify: the e-mail verification code for the address the login flow stored. */
export function Verify() {
  const { t } = useTranslation();
  const [email] = useState(() => storage.get(STORAGE_KEYS.userEmail));
  useDocumentTitle(t('screens.verify'));
  return (
    <>
      <TopBar title={t('screens.verify')} parent={paths.login} />
      <div className="auth auth--compact">
        {email ? (
          <section className="auth-card">
            <span className="auth-badge" aria-hidden="true">
              <MailCheck size={28} />
            </span>
            <VerifyForm email={email} />
          </section>
        ) : (
          <EmptyState
            title={t('verify.noEmail')}
            body={t('verify.noEmailBody')}
            action={
              <Link className="btn btn--primary" to={paths.login}>
                {t('verify.backToLogin')}
              </Link>
            }
          />
        )}
      </div>
    </>
  );
}
