import type { HistoryEntry } from '@butterfic/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { SkeletonRows } from '../../../components/ui/SkeletonRows';
import { ApiError } from '../../../lib/api-client';
import { useChapterHistory, useRestoreHistory } from '../api/revise';
import { wordDiff } from '../diff';

const excerpt = (text: string) => (Array.from(text).length > 140 ? `${Array.from(text).slice(0, 140).join('')}…` : text);

/**
 * Who wrote what (NovelAI's colours by source), on demand: the chapter's text with what differs from
 * the model's latest text marked as the author's (hand edits, accepted revisions).
 */
function WhoWroteWhat({ entries, language }: { entries: HistoryEntry[]; language: string }) {
  const { t } = useTranslation();
  const current = entries[0];
  const model = entries.find((entry) => entry.source === 'model');
  if (!current || !model) return null;
  const parts = wordDiff(model.content, current.content, language).filter((part) => part.kind !== 'removed');
  return (
    <div className="who-wrote">
      <p className="who-wrote-legend">
        <span className="who-wrote-model">{t('cowrite.byModel')}</span> <mark className="who-wrote-author">{t('cowrite.byAuthor')}</mark>
      </p>
      <p className="who-wrote-text" lang={language}>
        {parts.map((part, i) =>
          part.kind === 'added' ? (
            <mark key={i} className="who-wrote-author" aria-label={`${t('cowrite.byAuthor')}: ${part.text}`}>
              {part.text}
            </mark>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}

/** A chapter's history, newest first: restore any earlier text (a restore is an entry too, so it can be undone). */
export function ChapterHistory({ novelUid, chapterIndex, language }: { novelUid: string; chapterIndex: number; language: string }) {
  const { t, i18n } = useTranslation();
  const history = useChapterHistory(novelUid, chapterIndex, true);
  const restore = useRestoreHistory(novelUid, chapterIndex);
  const [marks, setMarks] = useState(false);
  if (history.isPending) return <SkeletonRows listClass="history-list" rowClass="history-entry" count={3} />;
  if (history.isError)
    return (
      <div role="alert">
        <p>{t('cowrite.historyError')}</p>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const entries = history.data.entries;
  if (entries.length === 0) return <p className="muted">{t('cowrite.historyEmpty')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <Button variant="ghost" aria-pressed={marks} onClick={() => setMarks(!marks)}>
        {t('cowrite.showMarks')}
      </Button>
      {marks ? <WhoWroteWhat entries={entries} language={language} /> : null}
      <ol className="history-list">
        {entries.map((entry, i) => (
          <li key={entry.uid} className="history-entry">
            <p className="history-meta">
              <strong>{t(`cowrite.source.${entry.source}`)}</strong> <time dateTime={new Date(entry.created_time * 1000).toISOString()}>{time.format(entry.created_time * 1000)}</time>
              {i === 0 ? <span className="badge badge--neutral">{t('cowrite.current')}</span> : null}
            </p>
            <p className="history-excerpt" lang={language}>
              {excerpt(entry.content)}
            </p>
            {i > 0 ? (
              <Button variant="secondary" disabled={restore.isPending} onClick={() => restore.mutate(entry.uid)}>
                {t('cowrite.restore', { source: t(`cowrite.source.${entry.source}`), time: time.format(entry.created_time * 1000) })}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {restore.isError ? (
        <p className="field-error" role="alert">
          {restore.error instanceof ApiError ? restore.error.message : t('cowrite.failed')}
        </p>
      ) : null}
    </>
  );
}
