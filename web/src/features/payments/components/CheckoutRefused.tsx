import { STATUS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';

/**
 * The server refused to open a checkout (403001, issue 45): a payment of the account is disputed or
 * reported as fraud, or the account owes Butter. Trying again would not help.
 */
export const isCheckoutRefused = (error: unknown): boolean => error instanceof ApiError && error.code === STATUS.forbidden;

/** Why no checkout opens, in the server's words (already in the reader's language), and the way to the Butter history. */
export function CheckoutRefused({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      art="error"
      title={t('payments.refusedTitle')}
      body={errorMessage(error, t)}
      action={
        <Link className="btn btn--secondary" to={paths.transactions}>
          {t('payments.seeHistory')}
        </Link>
      }
    />
  );
}
