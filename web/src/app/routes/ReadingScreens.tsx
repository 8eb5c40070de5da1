import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { AuthorsList, BookmarksList, InboxList, ReadingSettingsForm } from '../../features/posts/reading/ReadingLists';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** The profile's reading screens (issue 51); the router wraps them in RequireAuth. */
function Screen({ titleKey, children }: { titleKey: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <div className="page">{children}</div>
    </>
  );
}

export const Bookmarks = () => (
  <Screen titleKey="reading.screens.bookmarks">
    <BookmarksList />
  </Screen>
);
export const Inbox = () => (
  <Screen titleKey="reading.screens.inbox">
    <InboxList />
  </Screen>
);
export const Following = () => (
  <Screen titleKey="reading.screens.following">
    <AuthorsList which="following" />
  </Screen>
);
export const Muted = () => (
  <Screen titleKey="reading.screens.muted">
    <ReadingSettingsForm />
    <AuthorsList which="muted" />
  </Screen>
);
