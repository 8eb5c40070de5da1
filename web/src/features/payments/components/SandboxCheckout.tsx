import { EMAIL_PATTERN, type Currency } from '@butterfic/contract/client';
import { FlaskConical } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { FormMessage } from '../../../components/ui/FormMessage';
import { useCheckoutSession, useCompleteSandbox } from '../api/checkout';

const COUNTRIES = ['CN', 'TW', 'HK', 'KR', 'JP', 'DE', 'FR', 'GB', 'US', 'CA', 'AU', 'SG'] as const;
const TEST_CARD = '4242 4242 4242 4242';

/**
 * PAYMENTS=sandbox: a clearly labelled test checkout standing in for Stripe's
 * form. It asks what Stripe asks (e-mail, billing address) and completes the
 * session through the server's one crediting path; no money moves.
 */
export function SandboxCheckout({
  productName,
  currency,
  email: initialEmail,
}: {
  productName: string;
  currency: Currency;
  email: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const ids = { email: useId(), emailError: useId(), card: useId(), name: useId(), country: useId(), address: useId() };
  const session = useCheckoutSession(productName, currency, true);
  const complete = useCompleteSandbox();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [country, setCountry] = useState<string>(
    language === 'zh-CN' ? 'CN' : language === 'zh-TW' ? 'TW' : language === 'ko' ? 'KR' : language === 'ja' ? 'JP' : 'DE',
  );
  const [address, setAddress] = useState('');
  const countryNames = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);

  const checkEmail = () => {
    const ok = EMAIL_PATTERN.test(email.trim());
    setEmailError(ok ? null : t('payments.sandbox.emailInvalid'));
    return ok;
  };
  const busy = complete.isPending || complete.isSuccess;
  const ready = session.isSuccess && name.trim() !== '' && address.trim() !== '' && !busy;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkEmail() || !ready) return;
    complete.mutate(
      { client_secret: session.data.clientSecret, email: email.trim(), name: name.trim(), address: address.trim(), country },
      {
        onSuccess: (outcome) =>
          void navigate(`${paths.rechargeComplete}?session_id=${encodeURIComponent(outcome.session_id)}`, { replace: true }),
      },
    );
  };

  const failure = session.isError ? t('payments.sessionFailed') : complete.isError ? errorMessage(complete.error, t) : null;

  return (
    <form className="form sandbox-checkout" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className="sandbox-banner" role="note">
        <FlaskConical aria-hidden="true" size={20} />
        <div>
          <strong>{t('payments.sandbox.title')}</strong>
          <p>{t('payments.sandbox.body')}</p>
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.email}>
          {t('payments.sandbox.email')}
        </label>
        <input
          id={ids.email}
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={checkEmail}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? ids.emailError : undefined}
        />
        {emailError ? (
          <p id={ids.emailError} className="checkout-error">
            {emailError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.card}>
          {t('payments.sandbox.card')}
        </label>
        <input id={ids.card} className="input input--readonly tabular" value={TEST_CARD} readOnly aria-describedby={`${ids.card}-hint`} />
        <p id={`${ids.card}-hint`} className="checkout-hint">
          {t('payments.sandbox.cardHint')}
        </p>
      </div>
      <fieldset className="field billing">
        <legend className="field-label">{t('payments.sandbox.billing')}</legend>
        <label className="sr-only" htmlFor={ids.name}>
          {t('payments.sandbox.name')}
        </label>
        <input
          id={ids.name}
          className="input"
          autoComplete="name"
          placeholder={t('payments.sandbox.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <label className="sr-only" htmlFor={ids.country}>
          {t('payments.sandbox.country')}
        </label>
        <select id={ids.country} className="input" autoComplete="country" value={country} onChange={(e) => setCountry(e.target.value)}>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryNames.of(code) ?? code}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={ids.address}>
          {t('payments.sandbox.address')}
        </label>
        <input
          id={ids.address}
          className="input"
          autoComplete="street-address"
          placeholder={t('payments.sandbox.address')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          required
        />
      </fieldset>
      <Button type="submit" block disabled={!ready} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('payments.sandbox.paying')}
          </>
        ) : (
          t('payments.sandbox.pay')
        )}
      </Button>
      <FormMessage tone="error">{failure}</FormMessage>
    </form>
  );
}
