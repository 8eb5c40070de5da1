import type { Language } from '@butterfic/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { InfiniteSentinel } from '../../../components/ui/InfiniteSentinel';
import { errorMessage } from '../../../lib/errors';
import { usePersonaFeed } from '../api/list-personas';
import { uniquePages } from '../format';
import { PersonaCard, PersonaCardSkeletons } from './PersonaCard';

/** Explore (SPEC.md section 2): recommended personas in the reader's language, a masonry grid with infinite scroll. */
export function PersonaFeed({ language }: { language: Language }) {
  const { t } = useTranslation();
  const { data, isError, error, refetch, isRefetching, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    usePersonaFeed(language);

  if (!data) {
    if (!isError) return <PersonaCardSkeletons />;
    return (
      <EmptyState
        art="error"
        title={t('explore.loadError')}
        body={errorMessage(error, t)}
        action={
          <Button variant="secondary" onClick={() => void refetch()} disabled={isRefetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const pages = uniquePages(data.pages);
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  if (count === 0) return <EmptyState title={t('explore.empty')} body={t('explore.emptyBody')} />;

  // One balanced block of columns per page: a new page is added below and
  // never reflows the cards already on screen (one list for assistive tech).
  return (
    <>
      <div role="list" className="feed" aria-label={t('explore.listLabel')} aria-busy={isFetchingNextPage || undefined}>
        {pages.map((page, index) =>
          page.length > 0 ? (
            <div key={index} className="masonry">
              {page.map((persona) => (
                <div role="listitem" key={persona.uid}>
                  <PersonaCard persona={persona} />
                </div>
              ))}
            </div>
          ) : null,
        )}
      </div>
      <InfiniteSentinel
        canLoad={hasNextPage && !isFetching}
        loading={isFetchingNextPage}
        failed={isFetchNextPageError}
        onLoadMore={() => void fetchNextPage()}
      />
      {!hasNextPage ? <p className="list-end">{t('explore.end')}</p> : null}
    </>
  );
}
