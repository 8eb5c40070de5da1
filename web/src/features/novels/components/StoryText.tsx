import { useRef, type CSSProperties, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chapter } from '../api/types';
import { splitParagraphs } from '../format';
import { ScriptSwitch } from '../../../components/reader/ScriptSwitch';
import { useScriptConversion } from '../../../components/reader/useScriptConversion';
import { InlineText } from '../../../components/reader/InlineText';
import { LayoutSwitch } from '../../../components/reader/LayoutSwitch';
import { ReadAloudControls } from '../../../components/reader/ReadAloudControls';
import { useReadAloud } from '../../../components/reader/useReadAloud';
import { useReadingLayout } from '../../../components/reader/useReadingLayout';
import '../../../components/reader/reader.css';

/**
 * The story's chapters as paragraphs (split on blank lines) in a comfortable
 * reading column: serif for Latin scripts, a taller line for Chinese,
 * Japanese and Korean (novels.css, by the story's `lang`). While `writing`, a
 * caret blinks at the end of the text. `editor` takes the last chapter's place.
 * `tools` adds controls under a chapter's heading (the work reader's versions
 * and rewrite); `onSwipe` gets a horizontal swipe on a chapter (touch screens):
 * 1 for a swipe to the left (next), -1 to the right (previous).
 */
export function StoryText({
  chapters,
  language,
  size,
  headings,
  writing = false,
  editor,
  tools,
  onSwipe: swipeVersions,
  names,
}: {
  chapters: Chapter[];
  language: string;
  /** Text size in rem. */
  size: number;
  headings: boolean;
  writing?: boolean;
  editor?: ReactNode;
  tools?: (chapter: Chapter) => ReactNode;
  onSwipe?: (chapter: Chapter, by: -1 | 1) => void;
  /** The story's two character names: kept as written when the script is converted. */
  names?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const style = { '--reader-size': `${size}rem` } as CSSProperties;
  const touch = useRef<{ x: number; y: number } | null>(null);
  const conversion = useScriptConversion(language, names);
  const layout = useReadingLayout(conversion.shownLanguage);
  const text = useRef<HTMLDivElement>(null);
  const reader = useReadAloud(text, conversion.shownLanguage);
  // The editor and the version tools are horizontal forms: vertical writing is for reading.
  const vertical = layout.vertical && !editor;
  // In vertical writing a sideways swipe scrolls the text; it never changes versions.
  const onSwipe = vertical ? undefined : swipeVersions;
  const swipe = (chapter: Chapter) =>
    onSwipe && chapter.versions > 1
      ? {
          onTouchStart: (event: TouchEvent) => {
            const first = event.touches[0];
            touch.current = event.touches.length === 1 && first ? { x: first.clientX, y: first.clientY } : null;
          },
          onTouchEnd: (event: TouchEvent) => {
            const last = event.changedTouches[0];
            const start = touch.current;
            touch.current = null;
            if (!start || !last) return;
            const dx = last.clientX - start.x;
            const dy = last.clientY - start.y;
            // A mostly sideways move of 60 px or more; scrolling stays scrolling.
            if (Math.abs(dx) >= 60 && Math.abs(dx) > 2 * Math.abs(dy)) onSwipe(chapter, dx < 0 ? 1 : -1);
          },
        }
      : {};
  return (
    <>
      <div className="reader-switches">
        <ScriptSwitch conversion={conversion} />
        {editor ? null : <LayoutSwitch layout={layout} />}
        {editor || writing ? null : <ReadAloudControls reader={reader} />}
      </div>
      <div
        ref={text}
        className={`story${vertical ? ' story--vertical' : ''}`}
        lang={conversion.shownLanguage}
        style={style}
        aria-busy={writing || undefined}
        tabIndex={vertical ? 0 : undefined}
      >
        {chapters.map((chapter, position) => {
          const isLast = position === chapters.length - 1;
          const paragraphs = splitParagraphs(chapter.content);
          return (
            <section
              key={chapter.index}
              className={`story-chapter${onSwipe && chapter.versions > 1 ? ' story-chapter--swipe' : ''}`}
              data-chapter={chapter.index}
              {...swipe(chapter)}
            >
              {headings ? (
                <h3 className="story-chapter-heading" lang={i18n.language}>
                  {t('reader.chapter', { number: chapter.index + 1 })}
                </h3>
              ) : null}
              {tools?.(chapter)}
              {isLast && editor ? (
                editor
              ) : (
                <>
                  {paragraphs.map((paragraph, i) => (
                    <p key={i}>
                      <InlineText text={conversion.show(paragraph)} language={language} vertical={vertical} />
                      {writing && isLast && i === paragraphs.length - 1 ? <span className="caret" aria-hidden="true" /> : null}
                    </p>
                  ))}
                  {writing && isLast && paragraphs.length === 0 ? (
                    <p className="story-waiting">
                      <span className="caret" aria-hidden="true" />
                    </p>
                  ) : null}
                </>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
