import { STATUS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Loading } from './Loading';
import '../reader/reader.css';

/** A title, a meta line (after a byline when `byline`) and a page of text while a story or post loads. */
export function ReadingSkeleton({ byline = false }: { byline?: boolean }) {
  return (
    <Loading className="reader">
      <div className="reader-header" aria-hidden="true">
        {byline && <span className="skeleton skeleton-line" />}
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

/** The translation keys of one reading screen's failure states, and where its "back" leads. */
export type ReadingErrorCopy = {
  gone: string;
  goneBody: string;
  forbidden: string;
  forbiddenBody: string;
  forbiddenLoggedOut: string;
  loadError: string;
  login: string;
  back: { to: string; label: string };
};

/** 404 (gone), 403 (private or adults only; a login link for visitors), or any other failure with a retry. */
export function ReadingError({
  error,
  loggedIn,
  retry,
  retrying,
  copy,
}: {
  error: unknown;
  loggedIn: boolean;
  retry: () => void;
  retrying: boolean;
  copy: ReadingErrorCopy;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === STATUS.notFound) {
    return (
      <EmptyState
        art="error"
        title={t(copy.gone)}
        body={t(copy.goneBody)}
        action={
          <Link className="btn btn--primary" to={copy.back.to}>
            {t(copy.back.label)}
          </Link>
        }
      />
    );
  }
  if (error instanceof ApiError && error.code === STATUS.forbidden) {
    return (
      <EmptyState
        art="error"
        title={t(copy.forbidden)}
        body={loggedIn ? t(copy.forbiddenBody) : t(copy.forbiddenLoggedOut)}
        action={
          <Link className={`btn ${loggedIn ? 'btn--secondary' : 'btn--primary'}`} to={loggedIn ? copy.back.to : paths.login}>
            {loggedIn ? t(copy.back.label) : t(copy.login)}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      art="error"
      title={t(copy.loadError)}
      body={errorMessage(error, t)}
      action={
        <Button variant="secondary" onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
