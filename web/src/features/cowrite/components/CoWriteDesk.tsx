import type { NovelDetails } from '@butterfic/contract';
import { History, PenLine, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InsufficientButterDialog } from '../../../components/InsufficientButterDialog';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { chapterRangeOf, type ChapterRange } from '../selection';
import { splitParagraphs } from '../../../lib/paragraphs';
import { ChapterHistory } from './ChapterHistory';
import { ContinuityCheck } from './ContinuityCheck';
import { NextChapter } from './NextChapter';
import { RevisePanel } from './RevisePanel';
import '../cowrite.css';

/**
 * The writing desk under the author's story (issue 50): select text in a chapter (mouse or touch)
 * and a bar offers to revise it; the chapter's history (with restore, and who wrote what) opens
 * from the same bar or from the button under the story; the last chapter's continuity check; the
 * next chapter's choices, direction and beats.
 */
export function CoWriteDesk({ details }: { details: NovelDetails }) {
  const { t } = useTranslation();
  const { novel, chapters } = details;
  const [range, setRange] = useState<ChapterRange | null>(null);
  const [revising, setRevising] = useState<ChapterRange | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [noButter, setNoButter] = useState(false);
  const pressing = useRef(false);
  const texts = useMemo(
    () => new Map(chapters.map((chapter) => [chapter.index, { content: chapter.content, paragraphs: splitParagraphs(chapter.content) }])),
    [chapters],
  );

  useEffect(() => {
    let clear: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(clear);
      const found = chapterRangeOf(document.getSelection(), (index) => texts.get(index));
      if (found) setRange(found);
      // A tap on the bar may clear the selection first (phones): the bar stays while it is pressed.
      else clear = setTimeout(() => !pressing.current && setRange(null), 400);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(clear);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [texts]);

  const last = chapters.at(-1)?.index ?? 0;
  const hold = { onPointerDown: () => (pressing.current = true), onPointerUp: () => setTimeout(() => (pressing.current = false), 500) };
  return (
    <>
      <div className="cowrite-row">
        <Button variant="ghost" onClick={() => setHistoryOf(last)}>
          <History aria-hidden="true" size={18} />
          {t('cowrite.history', { number: last + 1 })}
        </Button>
      </div>
      <ContinuityCheck
        key={last}
        novelUid={novel.uid}
        chapterIndex={last}
        textLength={chapters.at(-1)?.content.length ?? 0}
        language={novel.language}
      />
      <NextChapter novelUid={novel.uid} onNoButter={() => setNoButter(true)} onStarted={() => setRange(null)} />
      {range ? (
        <div className="cowrite-bar" role="region" aria-label={t('cowrite.selectionBar')} {...hold}>
          <span className="cowrite-bar-count">{t('cowrite.selected', { count: Array.from(range.text).length })}</span>
          <Button onClick={() => setRevising(range)}>
            <PenLine aria-hidden="true" size={18} />
            {t('cowrite.revise')}
          </Button>
          <Button variant="ghost" onClick={() => setHistoryOf(range.chapterIndex)}>
            <History aria-hidden="true" size={18} />
            {t('cowrite.historyShort')}
          </Button>
          <Button variant="ghost" aria-label={t('cowrite.clearSelection')} onClick={() => setRange(null)}>
            <X aria-hidden="true" size={18} />
          </Button>
        </div>
      ) : null}
      <Dialog open={revising !== null} onOpenChange={(open) => !open && setRevising(null)} title={t('cowrite.reviseTitle')}>
        {revising ? (
          <RevisePanel
            selection={{ novelUid: novel.uid, ...revising }}
            language={novel.language}
            onNoButter={() => setNoButter(true)}
            onClose={(accepted) => {
              setRevising(null);
              if (accepted) {
                setRange(null);
                document.getSelection()?.removeAllRanges();
              }
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={historyOf !== null}
        onOpenChange={(open) => !open && setHistoryOf(null)}
        title={t('cowrite.historyTitle', { number: (historyOf ?? 0) + 1 })}
      >
        {historyOf !== null ? <ChapterHistory novelUid={novel.uid} chapterIndex={historyOf} language={novel.language} /> : null}
      </Dialog>
      <InsufficientButterDialog open={noButter} onOpenChange={setNoButter} />
    </>
  );
}
