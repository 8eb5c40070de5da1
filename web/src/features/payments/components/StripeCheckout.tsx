import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Currency } from '@butterfic/contract/client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { createCheckoutSession } from '../api/checkout';
import { CheckoutRefused, isCheckoutRefused } from './CheckoutRefused';

/**
 * Stripe's embedded Checkout (PAYMENTS=stripe). This module is its own chunk,
 * loaded only by the payout page, and Stripe.js itself is fetched from Stripe
 * only when it renders (the `pure` entry does not inject the script on import).
 */
let cached: Promise<Stripe | null> | null = null;

/** Stripe.js once per page load; a failed load is forgotten so "Try again" loads it anew. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  cached ??= loadStripe(publishableKey).catch((error: unknown) => {
    console.error('Stripe.js did not load', error);
    cached = null;
    return null;
  });
  return cached;
}

/** Stripe.js did not load, or the server opened no session (`refused`: it said why, and retrying would not help). */
type Failure = { kind: 'script' } | { kind: 'session'; refused: unknown } | null;

export default function StripeCheckout({
  publishableKey,
  productName,
  currency,
  deliveryConsent,
}: {
  publishableKey: string;
  productName: string;
  currency: Currency;
  deliveryConsent: boolean;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Failure>(null);
  // A new attempt asks for Stripe.js again when the last load failed.
  const stripe = useMemo(() => (attempt >= 0 ? getStripe(publishableKey) : null), [publishableKey, attempt]);
  useEffect(() => {
    let live = true;
    void stripe?.then((loaded) => {
      if (live && !loaded) setFailure({ kind: 'script' });
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  const fetchClientSecret = useCallback(
    () =>
      createCheckoutSession({ productName, currency, deliveryConsent }).then(
        (answer) => answer.clientSecret,
        (error: unknown) => {
          if (!isCheckoutRefused(error)) console.error(error);
          setFailure({ kind: 'session', refused: isCheckoutRefused(error) ? error : null });
          throw new Error('Failed to fetch client secret');
        },
      ),
    [productName, currency, deliveryConsent],
  );
  if (failure?.kind === 'session' && failure.refused) return <CheckoutRefused error={failure.refused} />;
  if (failure)
    return (
      <EmptyState
        art="error"
        title={failure.kind === 'script' ? t('payments.stripeLoadFailed') : t('payments.sessionFailed')}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setFailure(null);
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
      <EmbeddedCheckoutProvider stripe={stripe} options={{ fetchClientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
