import type { AuthorRow, PostPage, PostSummary } from '@butterfic/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { uniquePosts } from '../api/list-posts';
import { PostRow, PostRowsSkeleton } from '../components/PostRow';
import { useAuthors, useBookmarks, useInbox, useReadingSettings, useSaveReadingSettings, useToggleAuthor } from './api';
import '../posts.css';
import './reading.css';

function PostRows({ query, label, empty }: { query: ReturnType<typeof useBookmarks>; label: string; empty: string }) {
  const { t } = useTranslation();
  return (
    <PagedList<PostPage, PostSummary>
      query={query}
      items={uniquePosts}
      keyOf={(post) => post.uid}
      renderItem={(post) => <PostRow post={post} to={paths.post(post.uid)} />}
      label={label}
      className="list posts"
      skeleton={<PostRowsSkeleton />}
      errorTitle={t('reading.listError')}
      empty={<EmptyState title={empty} />}
    />
  );
}

export function BookmarksList() {
  const { t } = useTranslation();
  return <PostRows query={useBookmarks()} label={t('reading.screens.bookmarks')} empty={t('reading.empty.bookmarks')} />;
}

export function InboxList() {
  const { t } = useTranslation();
  return <PostRows query={useInbox()} label={t('reading.screens.inbox')} empty={t('reading.empty.inbox')} />;
}

/** Followed or muted accounts, each with its undo button. */
export function AuthorsList({ which }: { which: 'following' | 'muted' }) {
  const { t } = useTranslation();
  const toggle = useToggleAuthor(which);
  return (
    <PagedList<{ results: AuthorRow[] }, AuthorRow>
      query={useAuthors(which)}
      items={(pages) => pages.flatMap((page) => page.results)}
      keyOf={(row) => row.author_uid}
      renderItem={(row) => (
        <div className="list-item author-row">
          <span className="grow">@{row.author_name}</span>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => toggle.mutate(row.author_uid, { onError: (error) => toast(errorMessage(error, t), 'error') })}
          >
            {which === 'following' ? t('reading.follow.stop') : t('reading.mute.lift')}
          </button>
        </div>
      )}
      label={t(`reading.screens.${which}`)}
      className="list"
      skeleton={<PostRowsSkeleton />}
      errorTitle={t('reading.listError')}
      empty={<EmptyState title={t(`reading.empty.${which}`)} />}
    />
  );
}

/** Saved excluded tags, spoilers and the weekly digest (the Muted screen's settings). */
export function ReadingSettingsForm() {
  const { t } = useTranslation();
  const settings = useReadingSettings().data;
  const save = useSaveReadingSettings();
  const [exclude, setExclude] = useState<string | null>(null);
  const ids = { exclude: useId(), spoilers: useId(), digest: useId() };
  if (!settings) return null;
  const onError = (error: unknown) => toast(errorMessage(error, t), 'error');
  const saved = () => toast(t('reading.settings.saved'));
  return (
    <section className="reading-settings" aria-label={t('reading.settings.title')}>
      <h2>{t('reading.settings.title')}</h2>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const names = (exclude ?? settings.exclude_tags.join(', '))
            .split(/[,，、]/)
            .map((n) => n.trim())
            .filter(Boolean);
          save.mutate({ exclude_tags: names }, { onSuccess: saved, onError });
        }}
      >
        <label className="field-label" htmlFor={ids.exclude}>
          {t('reading.settings.exclude')}
        </label>
        <input
          id={ids.exclude}
          className="input"
          value={exclude ?? settings.exclude_tags.join(', ')}
          onChange={(e) => setExclude(e.target.value)}
        />
        <button type="submit" className="btn btn--secondary">
          {t('reading.settings.save')}
        </button>
      </form>
      <div className="checkbox-row">
        <input
          id={ids.spoilers}
          type="checkbox"
          className="checkbox"
          checked={settings.hide_spoilers}
          onChange={(e) => save.mutate({ hide_spoilers: e.target.checked }, { onSuccess: saved, onError })}
        />
        <label htmlFor={ids.spoilers}>{t('reading.settings.spoilers')}</label>
      </div>
      <div className="checkbox-row">
        <input
          id={ids.digest}
          type="checkbox"
          className="checkbox"
          checked={settings.digest}
          onChange={(e) => save.mutate({ digest: e.target.checked }, { onSuccess: saved, onError })}
        />
        <label htmlFor={ids.digest}>{t('reading.settings.digest')}</label>
      </div>
    </section>
  );
}
