import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { InfiniteSentinel } from './InfiniteSentinel';

/** The parts of a TanStack infinite query a paged list needs. */
export type PagedQuery<Page> = {
  data: { pages: Page[] } | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isRefetching: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * A paged list with infinite scroll and all its states: the skeleton while
 * the first page loads, an error with a retry, the empty state, the rows, and
 * the sentinel that loads the next page.
 */
export function PagedList<Page, Item>({
  query,
  items,
  keyOf,
  renderItem,
  label,
  className,
  skeleton,
  errorTitle,
  empty,
  lookahead,
}: {
  query: PagedQuery<Page>;
  /** The rows of the loaded pages, without repeats. */
  items: (pages: Page[]) => Item[];
  keyOf: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  label: string;
  className: string;
  skeleton: ReactNode;
  errorTitle: string;
  empty: ReactNode;
  lookahead?: string;
}) {
  const { t } = useTranslation();
  if (!query.data) {
    if (!query.isError) return <>{skeleton}</>;
    return (
      <EmptyState
        art="error"
        title={errorTitle}
        body={errorMessage(query.error, t)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isRefetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const rows = items(query.data.pages);
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={className} aria-label={label} aria-busy={query.isFetchingNextPage || undefined}>
        {rows.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteSentinel
        canLoad={query.hasNextPage && !query.isFetching}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
        {...(lookahead && { lookahead })}
      />
    </>
  );
}
