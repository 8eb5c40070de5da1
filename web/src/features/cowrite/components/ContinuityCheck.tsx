import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useContinuity } from '../api/next-chapter';

/**
 * Continuity warnings for a chapter, on demand or (when the author turns it on) for each new last
 * chapter: each quote beside what it contradicts and why. They never change or block the text.
 */
export function ContinuityCheck({ novelUid, chapterIndex, textLength, language }: { novelUid: string; chapterIndex: number; textLength: number; language: string }) {
  const { t } = useTranslation();
  const [auto, setAuto] = useState(storage.get(STORAGE_KEYS.continuityAfterChapter) === 'on');
  const [asked, setAsked] = useState(false);
  const check = useContinuity(novelUid, chapterIndex, textLength, asked || auto);
  const toggleId = useId();
  return (
    <section className="continuity" aria-label={t('cowrite.continuity.title', { number: chapterIndex + 1 })}>
      <div className="cowrite-row">
        <Button variant="ghost" onClick={() => (asked ? void check.refetch() : setAsked(true))} disabled={check.isFetching}>
          <ShieldCheck aria-hidden="true" size={18} />
          {check.isFetching ? t('cowrite.continuity.checking') : t('cowrite.continuity.check', { number: chapterIndex + 1 })}
        </Button>
        <span className="continuity-toggle">
          <input
            id={toggleId}
            type="checkbox"
            checked={auto}
            onChange={(event) => {
              setAuto(event.target.checked);
              storage.set(STORAGE_KEYS.continuityAfterChapter, event.target.checked ? 'on' : 'off');
            }}
          />
          <label htmlFor={toggleId}>{t('cowrite.continuity.auto')}</label>
        </span>
      </div>
      {check.isError ? (
        <p className="field-error" role="alert">
          {check.error instanceof ApiError ? check.error.message : t('cowrite.failed')}
        </p>
      ) : null}
      {check.data ? (
        check.data.warnings.length === 0 ? (
          <p role="status">{t('cowrite.continuity.none')}</p>
        ) : (
          <ul className="continuity-warnings" role="status">
            {check.data.warnings.map((warning, i) => (
              <li key={i}>
                <blockquote lang={language}>{warning.quote}</blockquote>
                <p>
                  {t(`cowrite.continuity.kind.${warning.conflicts_with.kind}`)}: <q lang={language}>{warning.conflicts_with.text}</q>
                </p>
                <p>{warning.explanation}</p>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
