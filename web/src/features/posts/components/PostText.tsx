import { paragraphs } from '../format';
import '../../../components/reader/reader.css';

/** A post's plain text as paragraphs, in the reading column of the novel readers; never parsed as HTML. */
export function PostText({ content, language }: { content: string; language: string }) {
  return (
    <div className="story post-text" lang={language}>
      {paragraphs(content).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
