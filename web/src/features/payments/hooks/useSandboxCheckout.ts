import { EMAIL_PATTERN, type Currency } from '@butterfic/contract/client';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { useCheckoutSession, useCompleteSandbox } from '../api/checkout';
import { isCheckoutRefused } from '../components/CheckoutRefused';

export const SANDBOX_COUNTRIES = ['CN', 'TW', 'HK', 'KR', 'JP', 'DE', 'FR', 'GB', 'US', 'CA', 'AU', 'SG'] as const;

const defaultCountry = (language: string) =>
  language === 'zh-CN' ? 'CN' : language === 'zh-TW' ? 'TW' : language === 'ko' ? 'KR' : language === 'ja' ? 'JP' : 'DE';

/**
 * The sandbox checkout's state: the session it completes, what Stripe would ask (e-mail, billing
 * name, country, address), the e-mail check, and the completion through the server's one crediting
 * path, which lands on /recharge/complete.
 */
export function useSandboxCheckout({
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
  const language = currentLanguage();
  const navigate = useNavigate();
  const session = useCheckoutSession({ productName, currency, deliveryConsent }, true);
  const complete = useCompleteSandbox();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [country, setCountry] = useState<string>(() => defaultCountry(language));
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

  return {
    email: { value: email, set: setEmail, error: emailError, check: checkEmail },
    name: { value: name, set: setName },
    country: { value: country, set: setCountry, label: (code: string) => countryNames.of(code) ?? code },
    address: { value: address, set: setAddress },
    busy,
    ready,
    onSubmit,
    /** The server opened no session and said why (a disputed payment, a debt): shown instead of the form. */
    refused: session.isError && isCheckoutRefused(session.error) ? session.error : null,
    failure: session.isError ? t('payments.sessionFailed') : complete.isError ? errorMessage(complete.error, t) : null,
  };
}
