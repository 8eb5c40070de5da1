import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PayoutPanel } from '../../features/payments/components/PayoutPanel';
import { useRefreshParam } from '../../features/payments/hooks';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /payout/{product}: the checkout for one package or pass; "My tokens" leads back to /user. */
export function Payout() {
  const { t } = useTranslation();
  const { product = '' } = useParams();
  const title = t('screens.payout');
  useDocumentTitle(title);
  const reloading = useRefreshParam();
  return (
    <>
      <header className="topbar">
        <Link className="topbar-back" to={paths.user}>
          <ChevronLeft aria-hidden="true" size={24} />
          <span>{title}</span>
        </Link>
      </header>
      {reloading ? null : <PayoutPanel productName={product} />}
    </>
  );
}
