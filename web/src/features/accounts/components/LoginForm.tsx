import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/language';
import { useMinAge } from '../../../lib/site-info';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { FormError } from '../../../lib/form-errors';
import { useLogin } from '../hooks/useLogin';
import { FormMessage } from '../../../components/ui/FormMessage';
import { AbroadConsent, needsAbroadConsent } from './AbroadConsent';
import { InvitationField } from './InvitationField';
import { PasswordField } from './PasswordField';

/** The form errors that are about the e-mail field. */
const EMAIL_ERRORS = new Set(['login.invalidEmail', 'login.bareEmail']);

/** E-mail (prefilled with the last one used), password, agreement, confirm (SPEC.md sections 2, 4, 5). */
export function LoginForm() {
  const { t } = useTranslation();
  const emailId = useId();
  const agreementId = useId();
  const [email, setEmail] = useState(() => storage.get(STORAGE_KEYS.lastEmail) ?? '');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  // Mainland China: the transfer of personal information abroad needs its own consent (个人信息保护法 art. 39).
  const language = currentLanguage();
  const minAge = useMinAge(language);
  const [abroad, setAbroad] = useState(false);
  // An invitation link (/login?invite=CODE) prefills the code a new account signs up with.
  const [params] = useSearchParams();
  const [invitationCode, setInvitationCode] = useState(() => params.get('invite') ?? '');
  const loginMutation = useLogin();
  const pending = loginMutation.isPending;
  const ready = email.trim() !== '' && password !== '' && agreed && (abroad || !needsAbroadConsent(language)) && !pending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    loginMutation.mutate({ email, password, invitationCode });
  };

  const error = loginMutation.error;
  const message = error ? (error instanceof FormError ? t(error.key, error.values) : errorMessage(error, t)) : null;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={emailId}>
          {t('login.email')}
        </label>
        <input
          id={emailId}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error instanceof FormError && EMAIL_ERRORS.has(error.key) ? true : undefined}
          required
        />
      </div>
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <InvitationField value={invitationCode} onChange={setInvitationCode} />
      <p className="form-aside">
        <Link to={paths.forgotPassword} className="text-link">
          {t('password.forgot')}
        </Link>
      </p>
      <div className="checkbox-row">
        <input id={agreementId} type="checkbox" className="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <label htmlFor={agreementId}>
          {/* The tag is <terms>, not <link>: Trans reads <link> as the empty HTML element and would drop the words inside. */}
          <Trans
            i18nKey="login.agreement"
            values={{ minAge }}
            components={{ terms: <Link to={paths.agreement} className="text-link" /> }}
          />
        </label>
      </div>
      {needsAbroadConsent(language) ? <AbroadConsent checked={abroad} onChange={setAbroad} /> : null}
      <FormMessage tone="error">{message}</FormMessage>
      <Button type="submit" block disabled={!ready} aria-busy={pending || undefined}>
        {pending ? (
          <>
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('login.submitting')}
          </>
        ) : (
          t('common.confirm')
        )}
      </Button>
      <p className="form-hint">{t('login.autoRegisterHint')}</p>
    </form>
  );
}
