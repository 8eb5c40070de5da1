import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "1,234 views": one per reader per day, never the author's own. */
export function ViewCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="post-views">
      <Eye aria-hidden="true" size={15} />
      {t('posts.views', { count })}
    </span>
  );
}
