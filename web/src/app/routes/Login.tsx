import { LANGUAGE_NAMES } from '@butterfic/contract/client';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginForm } from '../../features/accounts/components/LoginForm';
import { currentLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /login: the app's front door; a first login creates the account. */
export function Login() {
  const { t } = useTranslation();
  const headingId = useId();
  useDocumentTitle(t('screens.login'));
  return (
    <div className="auth">
      <header className="auth-hero">
        <img className="auth-logo" src="/favicon.svg" alt="" width={64} height={64} />
        <p className="auth-brand">{t('app.name')}</p>
        <p className="auth-pitch">{t('login.pitch')}</p>
      </header>
      <section className="auth-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{t('screens.login')}</h1>
        <LoginForm />
      </section>
      <Link className="auth-language" to={paths.changeLanguage}>
        <Globe aria-hidden="true" size={18} />
        <span>
          {t('screens.changeLanguage')} · <span lang={currentLanguage()}>{LANGUAGE_NAMES[currentLanguage()]}</span>
        </span>
      </Link>
    </div>
  );
}
