import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chapter } from '../api/types';
import { splitParagraphs } from '../format';

/**
 * The story's chapters as paragraphs (split on blank lines) in a comfortable
 * reading column: serif for Latin scripts, a taller line for Chinese,
 * Japanese and Korean (novels.css, by the story's `lang`). While `writing`, a
 * caret blinks at the end of the text. `editor` takes the last chapter's place.
 */
export function StoryText({
  chapters,
  language,
  size,
  headings,
  writing = false,
  editor,
}: {
  chapters: Chapter[];
  language: string;
  /** Text size in rem. */
  size: number;
  headings: boolean;
  writing?: boolean;
  editor?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const style = { '--reader-size': `${size}rem` } as CSSProperties;
  return (
    <div className="story" lang={language} style={style} aria-busy={writing || undefined}>
      {chapters.map((chapter, position) => {
        const isLast = position === chapters.length - 1;
        const paragraphs = splitParagraphs(chapter.content);
        return (
          <section key={chapter.index} className="story-chapter" data-chapter={chapter.index}>
            {headings ? (
              <h3 className="story-chapter-heading" lang={i18n.language}>
                {t('reader.chapter', { number: chapter.index + 1 })}
              </h3>
            ) : null}
            {isLast && editor ? (
              editor
            ) : (
              <>
                {paragraphs.map((paragraph, i) => (
                  <p key={i}>
                    {paragraph}
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
  );
}
