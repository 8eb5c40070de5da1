import { wordCount } from '@butterfic/contract/client';
import { BookDown, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';
import { InsufficientButterDialog } from '../../../components/InsufficientButterDialog';
import { useNovel } from '../api/get-novel';
import type { NovelDetails } from '../api/types';
import { characterNames, isLive, isRewriting, storyText, withLiveChapter } from '../format';
import { useChapterEdit } from '../hooks/useChapterEdit';
import { useCopyStory } from '../hooks/useCopyStory';
import { useEpubDownload } from '../hooks/useEpubDownload';
import { useNovelStream } from '../hooks/useNovelStream';
import { useTextSize } from '../hooks/useTextSize';
import { useWorkActions } from '../hooks/useWorkActions';
import { ChapterEditor } from './ChapterEditor';
import { ChapterVersions } from './ChapterVersions';
import { ReaderError, ReaderSkeleton } from './ReaderStates';
import { ReaderHeader } from './ReaderHeader';
import { StoryMemory } from './StoryMemory';
import { StoryText } from './StoryText';
import { WorkActions } from './WorkActions';
import '../../../components/reader/reader.css';
import '../novels.css';
import '../work-reader.css';

/** Failures the safety check decided: the reader pays only for the part shown (docs/decisions/0010). */
const isSafetyStop = (failure: string | null): failure is 'safety' | 'explicit' => failure === 'safety' || failure === 'explicit';

function FailedWork({ details }: { details: NovelDetails }) {
  const { t } = useTranslation();
  const { failure } = details.novel;
  return (
    <EmptyState
      art="error"
      title={t('reader.failedTitle')}
      body={
        <>
          {isSafetyStop(failure) ? t('reader.safetyRefund') : t('reader.refunded')}
          {isSafetyStop(failure) || failure === 'model' || failure === 'tries' ? (
            <span className="failure-detail">{t(`reader.failureReason.${failure}`)}</span>
          ) : null}
        </>
      }
      action={
        <Link className="btn btn--primary" to={paths.createFrom(details.novel.uid)}>
          {t('reader.again')}
        </Link>
      }
    />
  );
}

/** What the route lays under a finished story's text (the co-writing desk: another feature, composed by the route). */
export type WorkDesk = (details: NovelDetails) => ReactNode;

function WorkView({ details, onButterChanged, desk }: { details: NovelDetails; onButterChanged?: () => void; desk?: WorkDesk | undefined }) {
  const { t } = useTranslation();
  const { novel } = details;
  const live = isLive(novel.generate_status);
  const stream = useNovelStream(novel.uid, live);
  const chapters = withLiveChapter(details.chapters, stream.live);
  const last = chapters.at(-1);
  const ready = novel.generate_status === 'done';
  const edit = useChapterEdit(novel, last, ready);
  const { copy, copied } = useCopyStory(novel.uid, novel.title, chapters, details.share);
  const downloadEpub = useEpubDownload(novel, chapters, details.share);
  const textSize = useTextSize();
  const actions = useWorkActions(novel.uid, stream.live?.chapter, onButterChanged);
  const { onContinue, onRewrite, onSelectVersion, onStop, versionsPending } = actions;
  // Versions change only on a finished story, outside the editor.
  const canChangeVersions = ready && !edit.editing;

  const failed = novel.generate_status === 'failed';
  const hasText = chapters.some((chapter) => chapter.content.trim() !== '');
  return (
    <article className="reader reader--work">
      <ReaderHeader novel={novel} words={live ? wordCount(storyText('', chapters)) : novel.word_count} textSize={textSize} showStatus />
      {live ? (
        <p className="reader-hint" role="status">
          <span className="writing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {novel.generate_status !== 'continuing'
            ? t('reader.writingHint')
            : isRewriting(chapters)
              ? t('reader.rewritingHint', { number: chapters.length })
              : t('reader.continuingHint')}
          {stream.reconnecting ? <span className="reader-hint-aside">{t('reader.reconnecting')}</span> : null}
        </p>
      ) : null}
      {ready && isSafetyStop(novel.failure) ? (
        <p className="reader-note" role="status">
          {t(`reader.safetyStopped.${novel.failure}`)}
        </p>
      ) : ready && novel.failure ? (
        <p className="reader-note">{t('reader.continueFailed')}</p>
      ) : null}
      {edit.restored ? <p className="reader-note">{t('reader.restoredEdit')}</p> : null}
      {failed ? <FailedWork details={details} /> : null}
      {failed && !hasText ? null : (
        <StoryText
          chapters={chapters}
          language={novel.language}
          names={characterNames(novel.input_params)}
          size={textSize.size}
          headings={chapters.length > 1}
          writing={live}
          editor={edit.editing ? <ChapterEditor value={edit.draft} onChange={edit.change} autoFocus={edit.focusEditor} /> : undefined}
          tools={
            failed
              ? undefined
              : (chapter) => (
                  <ChapterVersions
                    chapter={chapter}
                    canChange={canChangeVersions}
                    pending={versionsPending}
                    onSelect={(version) => onSelectVersion(chapter.index, version)}
                    onRewrite={() => onRewrite(chapter.index)}
                  />
                )
          }
          onSwipe={(chapter, by) => {
            const version = chapter.version + by;
            if (canChangeVersions && !versionsPending && version >= 1 && version <= chapter.versions)
              onSelectVersion(chapter.index, version);
          }}
        />
      )}
      {ready && !edit.editing && hasText && desk ? desk(details) : null}
      {ready && !edit.editing && hasText ? (
        <div className="reader-extras">
          <Button variant="ghost" onClick={() => void downloadEpub()}>
            <BookDown aria-hidden="true" size={18} />
            {t('reader.downloadEpub')}
          </Button>
        </div>
      ) : null}
      {ready && !edit.editing && hasText ? <StoryMemory uid={novel.uid} /> : null}
      {ready && !edit.editing && hasText ? (
        <aside className="publish-prompt" aria-label={t('posts.publishPromptLabel')}>
          <p>{t('posts.publishPrompt')}</p>
          <Link className="btn btn--secondary" to={paths.newPostFor(novel.uid)}>
            <Send aria-hidden="true" size={18} />
            {t('posts.publishStory')}
          </Link>
        </aside>
      ) : null}
      {failed ? null : (
        <WorkActions
          uid={novel.uid}
          mode={live ? 'live' : edit.editing ? 'editing' : 'ready'}
          copied={copied}
          onCopy={() => void copy()}
          onEdit={edit.start}
          canEdit={ready && Boolean(last)}
          onContinue={onContinue}
          canContinue={ready && novel.word_count > 0}
          continuing={actions.continuing}
          onStop={onStop}
          stopping={actions.stopping}
          onCancelEdit={edit.cancel}
          onSave={edit.submit}
          saving={edit.saving}
        />
      )}
      <InsufficientButterDialog {...actions.noButter} />
    </article>
  );
}

/**
 * The work reader (/myworks/detail/:id): the author's story, streaming in
 * while it is written, with copy, generate again, edit, continue and stop.
 * `onButterChanged` runs when the balance moved (a continuation, a refund).
 */
export function WorkDetails({ uid, onButterChanged, desk }: { uid: string; onButterChanged?: () => void; desk?: WorkDesk }) {
  const { data, isPending, error, refetch, isRefetching } = useNovel(uid);
  if (data) return <WorkView details={data} onButterChanged={onButterChanged} desk={desk} />;
  if (isPending) return <ReaderSkeleton />;
  return <ReaderError error={error} loggedIn retry={() => void refetch()} retrying={isRefetching} />;
}
