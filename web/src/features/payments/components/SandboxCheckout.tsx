import type { Currency } from '@butterfic/contract/client';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { FormMessage } from '../../../components/ui/FormMessage';
import { SANDBOX_COUNTRIES, useSandboxCheckout } from '../hooks/useSandboxCheckout';
import { CheckoutRefused } from './CheckoutRefused';

const TEST_CARD = '4242 4242 4242 4242';

/**
 * PAYMENTS=sandbox: a clearly labelled test checkout standing in for Stripe's
 * form. It asks what Stripe asks (e-mail, billing address) and completes the
 * session through the server's one crediting path; no money moves.
 */
export function SandboxCheckout({
  productName,
  currency,
  deliveryConsent,
  email: initialEmail,
}: {
  productName: string;
  currency: Currency;
  deliveryConsent: boolean;
  email: string;
}) {
  const { t } = useTranslation();
  const ids = { email: useId(), emailError: useId(), card: useId(), name: useId(), country: useId(), address: useId() };
  const { email, name, country, address, busy, ready, onSubmit, failure, refused } = useSandboxCheckout({
    productName,
    currency,
    deliveryConsent,
    email: initialEmail,
  });
  if (refused) return <CheckoutRefused error={refused} />;

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
          value={email.value}
          onChange={(e) => email.set(e.target.value)}
          onBlur={email.check}
          aria-invalid={email.error ? true : undefined}
          aria-describedby={email.error ? ids.emailError : undefined}
        />
        {email.error ? (
          <p id={ids.emailError} className="checkout-error">
            {email.error}
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
          value={name.value}
          onChange={(e) => name.set(e.target.value)}
          required
        />
        <label className="sr-only" htmlFor={ids.country}>
          {t('payments.sandbox.country')}
        </label>
        <select
          id={ids.country}
          className="input"
          autoComplete="country"
          value={country.value}
          onChange={(e) => country.set(e.target.value)}
        >
          {SANDBOX_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {country.label(code)}
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
          value={address.value}
          onChange={(e) => address.set(e.target.value)}
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
