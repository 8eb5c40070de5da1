import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { MyPostDetail } from '../../features/posts/components/MyPostDetail';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /myposts/detail/:postId: own post detail and edit (the router wraps it in RequireAuth). */
export function MyPost() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const [params] = useSearchParams();
  const title = params.get('edit') === '1' ? t('posts.editTitle') : t('screens.myPost');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.myPosts} />
      <MyPostDetail key={postId} uid={postId} />
    </>
  );
}
