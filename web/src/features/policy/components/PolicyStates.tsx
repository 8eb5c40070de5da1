import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import '../policy.css';

/** A heading and a few paragraphs of grey lines while the text and the site facts load. */
export function PolicySkeleton() {
  return (
    <Loading className="policy-skeleton">
      <div aria-hidden="true">
        <span className="skeleton skeleton-line" />
        {Array.from({ length: 3 }, (_, block) => (
          <div key={block} className="policy-skeleton-block">
            <span className="skeleton skeleton-line skeleton-line--wide" />
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className={`skeleton skeleton-line ${i === 3 ? 'policy-skeleton-end' : 'skeleton-line--full'}`} />
            ))}
          </div>
        ))}
      </div>
    </Loading>
  );
}

export function PolicyError({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      art="error"
      title={t('policy.loadError')}
      // Not an API answer: the text's own chunk failed to download.
      body={error instanceof ApiError ? errorMessage(error, t) : t('errors.network')}
      action={
        <Button variant="secondary" onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
