import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { MyPostsList } from '../../features/posts/components/MyPostsList';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user/post: my posts (the router wraps it in RequireAuth). */
export function MyPosts() {
  const { t } = useTranslation();
  const title = t('screens.myPosts');
  useDocumentTitle(title);
  return (
    <>
      <TopBar
        title={title}
        parent={paths.user}
        right={
          <Link className="icon-button" to={paths.newPost} aria-label={t('posts.newPost')}>
            <Plus aria-hidden="true" size={22} />
          </Link>
        }
      />
      <MyPostsList />
    </>
  );
}
