import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Currency } from '@butterfic/contract/client';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { createCheckoutSession } from '../api/checkout';

/**
 * Stripe's embedded Checkout (PAYMENTS=stripe). This module is its own chunk,
 * loaded only by the payout page, and Stripe.js itself is fetched from Stripe
 * only when it renders (the `pure` entry does not inject the script on import).
 */
let stripePromise: Promise<Stripe | null> | null = null;

export default function StripeCheckout({
  publishableKey,
  productName,
  currency,
}: {
  publishableKey: string;
  productName: string;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  stripePromise ??= loadStripe(publishableKey).catch((error: unknown) => {
    console.error('Stripe.js did not load', error);
    stripePromise = null;
    setFailed(true);
    return null;
  });
  const fetchClientSecret = useCallback(
    () =>
      createCheckoutSession(productName, currency).then(
        (answer) => answer.clientSecret,
        (error: unknown) => {
          console.error(error);
          setFailed(true);
          throw new Error('Failed to fetch client secret');
        },
      ),
    [productName, currency],
  );
  if (failed)
    return (
      <EmptyState
        art="error"
        title={t('payments.sessionFailed')}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="stripe-checkout" key={attempt}>
      <EmbeddedCheckoutProvider stripe={stripePromise} options={{ fetchClientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
