import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wordDiff } from '../diff';

/**
 * A variant shown as its difference from the selection: inserted words marked `<ins>`, deleted ones
 * `<del>` (struck through), both named for screen readers; the plain variant follows for reading.
 */
export function VariantDiff({ before, after, language }: { before: string; after: string; language: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => wordDiff(before, after, language), [before, after, language]);
  return (
    <p className="variant-diff" lang={language}>
      {parts.map((part, i) =>
        part.kind === 'added' ? (
          <ins key={i} aria-label={`${t('cowrite.inserted')}: ${part.text}`}>
            {part.text}
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={i} aria-label={`${t('cowrite.deleted')}: ${part.text}`}>
            {part.text}
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
