import { Columns3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReadingLayout } from './useReadingLayout';

/** "縦書き" / "直排": a pressed-state button beside the text, shown for Japanese and Traditional Chinese. */
export function LayoutSwitch({ layout }: { layout: ReadingLayout }) {
  const { t } = useTranslation();
  if (!layout.offered) return null;
  return (
    <button type="button" className="btn btn--ghost reader-switch" aria-pressed={layout.vertical} onClick={layout.toggle}>
      <Columns3 aria-hidden="true" size={18} />
      {t('reader.layout.vertical')}
    </button>
  );
}
