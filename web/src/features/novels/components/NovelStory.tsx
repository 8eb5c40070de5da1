import { wordCount } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/session';
import { ReportButton } from '../../../components/report/ReportButton';
import { TakedownNotice } from '../../../components/report/TakedownNotice';
import { useNovel } from '../api/get-novel';
import type { NovelDetails } from '../api/types';
import { characterNames, isLive, storyText, withLiveChapter } from '../format';
import { useNovelStream } from '../hooks/useNovelStream';
import { useTextSize } from '../hooks/useTextSize';
import { ReaderError, ReaderSkeleton } from './ReaderStates';
import { ReaderHeader } from './ReaderHeader';
import { StoryText } from './StoryText';
import '../../../components/reader/reader.css';
import '../novels.css';

function NovelView({ details }: { details: NovelDetails }) {
  const { t } = useTranslation();
  const { novel } = details;
  const live = isLive(novel.generate_status);
  const stream = useNovelStream(novel.uid, live);
  const chapters = withLiveChapter(details.chapters, stream.live);
  const textSize = useTextSize();
  return (
    <article className="reader">
      <ReaderHeader
        novel={novel}
        words={live ? wordCount(storyText('', chapters)) : novel.word_count}
        textSize={textSize}
        showAuthor
        showTags
      />
      {live ? (
        <p className="reader-hint" role="status">
          <span className="writing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('reader.stillWriting')}
        </p>
      ) : null}
      <StoryText chapters={chapters} language={novel.language} names={characterNames(novel.input_params)} size={textSize.size} headings writing={live} />
      {chapters.every((chapter) => chapter.content.trim() === '') && !live ? <p className="muted">{t('reader.noText')}</p> : null}
      {novel.author_uid === session.userInfo()?.uid ? (
        <TakedownNotice takedown={novel.takedown} />
      ) : (
        <div className="report-row">
          <ReportButton targetType="novel" targetUid={novel.uid} />
        </div>
      )}
    </article>
  );
}

/**
 * The novel reading screen (/article/detail/:id): author, title, tags and the
 * chapters with headings. Anyone may read a public novel; its author always.
 */
export function NovelStory({ uid, loggedIn }: { uid: string; loggedIn: boolean }) {
  const { data, isPending, error, refetch, isRefetching } = useNovel(uid);
  if (data) return <NovelView details={data} />;
  if (isPending) return <ReaderSkeleton />;
  return <ReaderError error={error} loggedIn={loggedIn} retry={() => void refetch()} retrying={isRefetching} />;
}
