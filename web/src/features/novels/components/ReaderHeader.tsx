import { useTranslation } from 'react-i18next';
import { ChipList } from '../../../components/ui/Chip';
import type { Novel } from '../api/types';
import { formatDateTime } from '../../../lib/format';
import { isKnownTag } from '../format';
import type { useTextSize } from '../hooks/useTextSize';
import { StatusBadge } from './StatusBadge';
import { TextSizeControl } from './TextSizeControl';
import { StoryLength } from '../../../components/reader/StoryLength';
import { WriterLabel } from './WriterLabel';
import '../../../components/reader/reader.css';

/** Title and meta lines of both readers, with the A− / A+ control. `words` follows the streamed text while it is written. */
export function ReaderHeader({
  novel,
  words,
  textSize,
  showStatus = false,
  showAuthor = false,
  showTags = false,
}: {
  novel: Novel;
  words: number;
  textSize: ReturnType<typeof useTextSize>;
  showStatus?: boolean;
  showAuthor?: boolean;
  showTags?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const tags = novel.tags.map((tag) => (isKnownTag(tag) ? t(`reader.tag.${tag}`) : tag));
  return (
    <header className="reader-header">
      {showAuthor ? (
        <p className="reader-author">
          <span className="sr-only">{t('reader.author')} </span>@{novel.author_name}
        </p>
      ) : null}
      <h2 className="reader-title" lang={novel.language}>
        {novel.title.trim() || t('works.untitled')}
      </h2>
      {showTags ? <ChipList items={tags} label={t('reader.tags')} /> : null}
      <p className="reader-meta">
        {showStatus && novel.generate_status !== 'done' ? <StatusBadge status={novel.generate_status} /> : null}
        <time dateTime={new Date(novel.created_time * 1000).toISOString()}>{formatDateTime(novel.created_time, i18n.language)}</time>
        <StoryLength language={novel.language} count={words} />
      </p>
      <div className="reader-tools">
        <WriterLabel writtenBy={novel.written_by} long />
        <TextSizeControl canShrink={textSize.canShrink} canGrow={textSize.canGrow} shrink={textSize.shrink} grow={textSize.grow} />
      </div>
    </header>
  );
}
