import type { Language } from '@butterfic/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { novelText, useSourceNovel } from '../api/get-source-novel';
import type { NovelDetails } from '../api/types';
import { readSavedArticle, readSavedPost, type SavedPostScope } from '../saved-post';
import { PostForm, type PostFormStart } from './PostForm';
import { PostError, PostSkeleton } from './PostStates';
import '../../../components/reader/reader.css';

/** The novel's text, with the work reader's unsaved edit of the last chapter in its place when there is one. */
function novelStart(details: NovelDetails, scope: SavedPostScope): PostFormStart {
  const original = { title: details.novel.title, content: novelText(details) };
  const article = readSavedArticle(details.novel.uid);
  const last = details.chapters.at(-1);
  const edited =
    article && last ? novelText({ ...details, chapters: [...details.chapters.slice(0, -1), { ...last, content: article.content }] }) : null;
  const saved = readSavedPost(scope);
  if (saved) return { ...saved, original, modified: false, restored: true };
  if (edited !== null && edited !== original.content)
    return { title: original.title, content: edited, original, modified: true, restored: false };
  return { ...original, original, modified: false, restored: false };
}

/**
 * /newpost and /newpost/bind/:articleId: a new post, prefilled from the bound
 * novel (or the text in progress kept from an earlier visit).
 */
export function NewPostForm({ novelUid, language }: { novelUid?: string | undefined; language: Language }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const source = useSourceNovel(novelUid);
  const scope: SavedPostScope = novelUid ? `novel:${novelUid}` : 'new';
  const onSaved = (post: { uid: string }) => void navigate(paths.myPost(post.uid), { replace: true });

  if (!novelUid) {
    const saved = readSavedPost(scope);
    const start: PostFormStart = saved
      ? { ...saved, original: { title: '', content: '' }, modified: false, restored: true }
      : { title: '', content: '', original: { title: '', content: '' }, modified: false, restored: false };
    return <PostForm start={start} scope={scope} language={language} onSaved={onSaved} />;
  }
  if (source.isPending) return <PostSkeleton />;
  if (!source.data) return <PostError error={source.error} loggedIn retry={() => void source.refetch()} retrying={source.isRefetching} />;
  const novel = source.data.novel;
  if (novel.generate_status !== 'done' || novel.word_count === 0) {
    return <p className="reader-note">{t('posts.novelNotReady')}</p>;
  }
  return (
    <>
      <p className="post-form-source" lang={novel.language}>
        {t('posts.fromStory', { title: novel.title })}
      </p>
      <PostForm
        key={novel.uid}
        start={novelStart(source.data, scope)}
        scope={scope}
        language={novel.language}
        novelUid={novel.uid}
        onSaved={onSaved}
      />
    </>
  );
}
