import { findProduct } from '@butterfic/contract/client';
import { lazy, Suspense, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../lib/account/user-info';
import { formatButter } from '../../../lib/format';
import { useProducts } from '../api/products';
import { productLabel } from '../confirmation';
import { defaultCurrency, formatPrice, needsDeliveryConsent } from '../format';
import { DeliveryConsent } from './DeliveryConsent';
import { OrderConfirmation } from './OrderConfirmation';
import { SandboxCheckout } from './SandboxCheckout';
import '../payments.css';

const StripeCheckout = lazy(() => import('./StripeCheckout'));

function CheckoutSkeleton() {
  return (
    <Loading className="checkout-skeleton">
      <span className="skeleton skeleton-line skeleton-line--wide" aria-hidden="true" />
      <span className="skeleton checkout-skeleton-box" aria-hidden="true" />
    </Loading>
  );
}

/**
 * /payout/{product}: balance, the Purchase summary and the order's final confirmation, the delivery consent
 * where the buyer must give it before paying, the checkout (Stripe's or the sandbox's) and the agreement hint.
 */
export function PayoutPanel({ productName }: { productName: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const balanceId = useId();
  const product = findProduct(productName);
  const currency = defaultCurrency(language, params.get('currency'));
  const products = useProducts();
  const user = useUserInfo();
  const [consented, setConsented] = useState(false);
  const consentNeeded = needsDeliveryConsent(currency, language);

  if (!product)
    return (
      <EmptyState
        title={t('payments.unknownProduct')}
        action={
          <Link className="btn btn--primary" to={paths.recharge}>
            {t('payments.seePackages')}
          </Link>
        }
      />
    );

  const what = productLabel(product, t);
  // No session is opened (nor any payment form shown) before a needed consent is given.
  const waiting = consentNeeded && !consented;

  return (
    <div className="payout">
      <section className="balance-card payout-balance" aria-labelledby={balanceId}>
        <p id={balanceId} className="balance-label">
          {t('profile.balance')}
        </p>
        <p className="balance-amount">
          <span className="tabular" data-testid="butter-balance">
            {user.isSuccess ? formatButter(user.data.balance) : '–'}
          </span>{' '}
          <span className="balance-unit">{t('profile.butter')}</span>
        </p>
      </section>
      <section className="purchase" aria-label={t('payments.purchase')}>
        <p className="purchase-label">{t('payments.purchase')}</p>
        <p className="purchase-line">
          <span className="purchase-what">{what}</span>
          <span className="purchase-price tabular">{formatPrice(product.prices[currency], currency, language)}</span>
        </p>
      </section>
      <OrderConfirmation product={product} currency={currency} language={language} />
      {consentNeeded ? <DeliveryConsent checked={consented} onChange={setConsented} /> : null}
      {waiting ? null : products.isPending || user.isPending ? (
        <CheckoutSkeleton />
      ) : products.isError || user.isError ? (
        <EmptyState
          art="error"
          title={t('payments.loadError')}
          body={errorMessage(products.error ?? user.error, t)}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                void products.refetch();
                void user.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      ) : products.data.payments === 'stripe' && products.data.publishable_key ? (
        <Suspense fallback={<CheckoutSkeleton />}>
          <StripeCheckout
            publishableKey={products.data.publishable_key}
            productName={product.id}
            currency={currency}
            deliveryConsent={consented}
          />
        </Suspense>
      ) : (
        <SandboxCheckout productName={product.id} currency={currency} deliveryConsent={consented} email={user.data.email} />
      )}
      <p className="form-hint payout-agreement">
        <Trans i18nKey="payments.agreementHint" components={{ terms: <Link to={paths.agreement} className="text-link" /> }} />
      </p>
    </div>
  );
}
