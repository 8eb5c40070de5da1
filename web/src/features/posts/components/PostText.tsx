import { InlineText } from '../../../components/reader/InlineText';
import { useRef } from 'react';
import { LayoutSwitch } from '../../../components/reader/LayoutSwitch';
import { ReadAloudControls } from '../../../components/reader/ReadAloudControls';
import { useReadAloud } from '../../../components/reader/useReadAloud';
import { ScriptSwitch } from '../../../components/reader/ScriptSwitch';
import { useReadingLayout } from '../../../components/reader/useReadingLayout';
import { useScriptConversion } from '../../../components/reader/useScriptConversion';
import { paragraphs } from '../format';
import '../../../components/reader/reader.css';

/**
 * A post's plain text as paragraphs, in the reading column of the novel readers (horizontal or
 * vertical, with ruby); never parsed as HTML.
 */
export function PostText({ content, language }: { content: string; language: string }) {
  const conversion = useScriptConversion(language);
  const layout = useReadingLayout(conversion.shownLanguage);
  const text = useRef<HTMLDivElement>(null);
  const reader = useReadAloud(text, conversion.shownLanguage);
  return (
    <>
      <div className="reader-switches">
        <ScriptSwitch conversion={conversion} />
        <LayoutSwitch layout={layout} />
        <ReadAloudControls reader={reader} />
      </div>
      <div
        ref={text}
        className={`story post-text${layout.vertical ? ' story--vertical' : ''}`}
        lang={conversion.shownLanguage}
        tabIndex={layout.vertical ? 0 : undefined}
      >
        {paragraphs(content).map((paragraph, i) => (
          <p key={i}>
            <InlineText text={conversion.show(paragraph)} language={language} vertical={layout.vertical} />
          </p>
        ))}
      </div>
    </>
  );
}
