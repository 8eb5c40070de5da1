import { ScriptSwitch } from '../../../components/reader/ScriptSwitch';
import { useScriptConversion } from '../../../components/reader/useScriptConversion';
import { paragraphs } from '../format';
import '../../../components/reader/reader.css';

/** A post's plain text as paragraphs, in the reading column of the novel readers; never parsed as HTML. */
export function PostText({ content, language }: { content: string; language: string }) {
  const conversion = useScriptConversion(language);
  return (
    <>
      <ScriptSwitch conversion={conversion} />
      <div className="story post-text" lang={conversion.shownLanguage}>
        {paragraphs(content).map((paragraph, i) => (
          <p key={i}>{conversion.show(paragraph)}</p>
        ))}
      </div>
    </>
  );
}
