import { STATUS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/Loading';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';

/** Title, a meta line and a page of text while the story loads. */
export function ReaderSkeleton() {
  return (
    <Loading className="reader">
      <div className="reader-header" aria-hidden="true">
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-line" />
      </div>
      <div className="story-skeleton" aria-hidden="true">
        {Array.from({ length: 9 }, (_, i) => (
          <span key={i} className={`skeleton skeleton-line ${i % 4 === 3 ? 'skeleton-line--wide' : 'skeleton-line--full'}`} />
        ))}
      </div>
    </Loading>
  );
}

/** 404 (gone), 403 (private or adults only; a login link for visitors), or any other failure with a retry. */
export function ReaderError({
  error,
  loggedIn,
  retry,
  retrying,
}: {
  error: unknown;
  loggedIn: boolean;
  retry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === STATUS.notFound) {
    return (
      <EmptyState
        art="error"
        title={t('reader.gone')}
        body={t('reader.goneBody')}
        action={
          <Link className="btn btn--primary" to={paths.explore}>
            {t('reader.backToExplore')}
          </Link>
        }
      />
    );
  }
  if (error instanceof ApiError && error.code === STATUS.forbidden) {
    return (
      <EmptyState
        art="error"
        title={t('reader.forbidden')}
        body={loggedIn ? t('reader.forbiddenBody') : t('reader.forbiddenBodyLoggedOut')}
        action={
          loggedIn ? (
            <Link className="btn btn--secondary" to={paths.explore}>
              {t('reader.backToExplore')}
            </Link>
          ) : (
            <Link className="btn btn--primary" to={paths.login}>
              {t('reader.login')}
            </Link>
          )
        }
      />
    );
  }
  return (
    <EmptyState
      art="error"
      title={t('reader.loadError')}
      body={errorMessage(error, t)}
      action={
        <Button variant="secondary" onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
