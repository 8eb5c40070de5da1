import { CONTINUE_COST } from '@butterfic/contract/client';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chapter } from '../api/types';

/**
 * A chapter's versions and its rewrite button, under the chapter heading of
 * the work reader. With several versions: "2 / 3" between previous and next
 * buttons (the arrow keys work too while one has focus). `canChange` is false
 * while a job writes the novel or the last chapter is being edited.
 */
export function ChapterVersions({
  chapter,
  canChange,
  pending,
  onSelect,
  onRewrite,
}: {
  chapter: Chapter;
  canChange: boolean;
  /** A choice or rewrite is on its way to the server. */
  pending: boolean;
  onSelect: (version: number) => void;
  onRewrite: () => void;
}) {
  const { t, i18n } = useTranslation();
  const number = chapter.index + 1;
  const { version, versions } = chapter;
  const enabled = canChange && !pending;
  const step = (by: -1 | 1) => {
    const next = version + by;
    if (enabled && next >= 1 && next <= versions) onSelect(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  return (
    <div className="chapter-tools" lang={i18n.language}>
      {versions > 1 ? (
        <div className="version-switcher" role="group" aria-label={t('reader.versions.label', { number })} onKeyDown={onKeyDown}>
          <button
            type="button"
            className="version-step"
            aria-label={t('reader.versions.previous')}
            // aria-disabled, not disabled: the button keeps the keyboard focus at the first version and while busy.
            aria-disabled={!enabled || version <= 1}
            onClick={() => step(-1)}
          >
            <ChevronLeft aria-hidden="true" size={18} />
          </button>
          <span className="version-count" aria-live="polite" aria-atomic="true">
            <span aria-hidden="true">{t('reader.versions.count', { version, versions })}</span>
            <span className="sr-only">{t('reader.versions.status', { version, versions })}</span>
          </span>
          <button
            type="button"
            className="version-step"
            aria-label={t('reader.versions.next')}
            aria-disabled={!enabled || version >= versions}
            onClick={() => step(1)}
          >
            <ChevronRight aria-hidden="true" size={18} />
          </button>
        </div>
      ) : null}
      <button
        type="button"
        className="chapter-rewrite"
        onClick={onRewrite}
        disabled={!enabled}
        aria-label={t('reader.rewriteLabel', { number, cost: CONTINUE_COST })}
      >
        <RefreshCw aria-hidden="true" size={16} />
        {/* The accessible name starts with this visible text ("Rewrite · 3 Butter") and adds the chapter. */}
        <span>{t('reader.rewrite')}</span>{' '}
        <span className="chapter-rewrite-cost">· {t('wallet.butterCount', { count: CONTINUE_COST })}</span>
      </button>
    </div>
  );
}
