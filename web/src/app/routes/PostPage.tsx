import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { usePost } from '../../features/posts/api/get-post';
import { PostView } from '../../features/posts/components/PostView';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /explore/post/:postId: the post reading screen, open to visitors who are not signed in. */
export function PostPage() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const { data } = usePost(postId);
  useDocumentTitle(data?.title ?? t('screens.post'));
  return (
    <>
      <TopBar title={t('screens.post')} parent={paths.read} />
      <PostView key={postId} uid={postId} />
    </>
  );
}
