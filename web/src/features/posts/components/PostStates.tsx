import { STATUS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';

/** Author, title, a meta line and a page of text while the post loads. */
export function PostSkeleton() {
  return (
    <Loading className="reader">
      <div className="reader-header" aria-hidden="true">
        <span className="skeleton skeleton-line" />
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

/** 404 (gone or a draft), 403 (adults only; a login link for visitors), or any other failure with a retry. */
export function PostError({
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
        title={t('posts.gone')}
        body={t('posts.goneBody')}
        action={
          <Link className="btn btn--primary" to={paths.read}>
            {t('posts.backToRead')}
          </Link>
        }
      />
    );
  }
  if (error instanceof ApiError && error.code === STATUS.forbidden) {
    return (
      <EmptyState
        art="error"
        title={t('posts.adultOnly')}
        body={loggedIn ? t('posts.adultOnlyBody') : t('posts.adultOnlyLoggedOut')}
        action={
          <Link className={`btn ${loggedIn ? 'btn--secondary' : 'btn--primary'}`} to={loggedIn ? paths.read : paths.login}>
            {loggedIn ? t('posts.backToRead') : t('posts.login')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      art="error"
      title={t('posts.loadError')}
      body={errorMessage(error, t)}
      action={
        <Button variant="secondary" onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
