import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { BottomSpinner } from './Spinner';

/** How far below the screen the next page starts loading (SPEC.md section 9: near the bottom). */
const LOOKAHEAD = '0px 0px 600px 0px';

/**
 * The end of an infinite list: an invisible sentinel that asks for the next
 * page when it comes near the screen, the bottom spinner while it loads, and
 * a retry when loading it failed. The observer is rebuilt after every page,
 * so a page too short to fill the screen is followed by the next at once.
 */
export function InfiniteSentinel({
  canLoad,
  loading,
  failed,
  onLoadMore,
  lookahead = LOOKAHEAD,
}: {
  /** There is a next page and nothing is being fetched. */
  canLoad: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** How far below the screen the next page starts loading (an IntersectionObserver rootMargin). */
  lookahead?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || !canLoad || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: lookahead },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad, failed, lookahead]);

  return (
    <>
      <div ref={ref} className="infinite-sentinel" aria-hidden="true" />
      {loading ? <BottomSpinner /> : null}
      {failed ? (
        <div className="load-more-error" role="alert">
          <span>{t('common.loadMoreFailed')}</span>
          <Button variant="secondary" onClick={() => latest.current()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
