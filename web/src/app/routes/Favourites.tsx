import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { FavouritesList } from '../../features/personas/components/FavouritesList';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /post: my favourite personas (the router wraps it in RequireAuth). */
export function Favourites() {
  const { t } = useTranslation();
  const title = t('screens.favourites');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <FavouritesList />
    </>
  );
}
