import { DEFAULT_PRODUCT_ID, type Currency } from '@butterfic/contract/client';
import { MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { useProducts } from '../api/products';
import { defaultCurrency, formatPrice } from '../format';
import { CurrencySwitch } from './CurrencySwitch';
import '../payments.css';

function PackagesSkeleton() {
  return (
    <Loading>
      <div className="packages" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="package package--skeleton skeleton" />
        ))}
      </div>
    </Loading>
  );
}

/** /recharge: the six Butter packages (id 1 selected), prices in the reader's currency or another, the address hint and the terms. */
export function RechargePanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const agreementId = useId();
  const headingId = useId();
  const products = useProducts();
  const [currency, setCurrency] = useState<Currency>(() => defaultCurrency(language, params.get('currency')));
  const [selected, setSelected] = useState(DEFAULT_PRODUCT_ID);
  const [agreed, setAgreed] = useState(false);

  if (products.isPending) return <PackagesSkeleton />;
  if (products.isError)
    return (
      <EmptyState
        art="error"
        title={t('payments.loadError')}
        body={errorMessage(products.error, t)}
        action={
          <Button variant="secondary" onClick={() => void products.refetch()} disabled={products.isRefetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );

  const packages = products.data.products.filter((p) => p.kind === 'butter');
  return (
    <form
      className="recharge"
      onSubmit={(event) => {
        event.preventDefault();
        if (agreed) void navigate(`${paths.payout(selected)}?currency=${currency}`);
      }}
    >
      <div className="recharge-head">
        <h2 id={headingId}>{t('payments.choosePackage')}</h2>
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </div>
      <div className="packages" role="radiogroup" aria-labelledby={headingId}>
        {packages.map((product) => (
          <label key={product.id} className="package" data-checked={selected === product.id || undefined}>
            <input
              type="radio"
              name="package"
              value={product.id}
              checked={selected === product.id}
              onChange={() => setSelected(product.id)}
            />
            <span className="package-butter">
              <span className="tabular">{product.butter}</span>
              <span className="package-unit">{t('payments.butter')}</span>
            </span>
            <span className="package-price tabular">
              {formatPrice(product.prices[currency], currency, language)}
              {/* Japan shows prices with tax included, and says so (総額表示). */}
              {currency === 'jpy' ? <span className="package-tax">{t('markets.taxIncluded')}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <p className="recharge-methods">
        {currency === 'cny' ? t('payments.methodsCny') : currency === 'eur' ? t('payments.methodsEur') : t('markets.methodsCard')}
      </p>
      <p className="recharge-hint">
        <MapPin aria-hidden="true" size={16} />
        <span>{t('payments.addressHint')}</span>
      </p>
      <div className="checkbox-row">
        <input id={agreementId} type="checkbox" className="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <label htmlFor={agreementId}>
          {/* <terms>, not <link>: Trans reads <link> as the empty HTML element and drops the link. */}
          <Trans i18nKey="payments.agreement" components={{ terms: <Link to={paths.agreement} className="text-link" /> }} />
        </label>
      </div>
      <Button type="submit" block disabled={!agreed}>
        {t('payments.continue')}
      </Button>
      <p className="recharge-legal">
        <Link to={paths.commerceLaw} className="text-link">
          {t('screens.commerceLaw')}
        </Link>
      </p>
    </form>
  );
}
