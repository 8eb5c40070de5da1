import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The sample pages' header: titled "Read", with a back link that always leads to the creation screen (SPEC.md section 2). */
export function SampleTopBar() {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <Link className="icon-button" to={paths.create} aria-label={t('samples.back')}>
        <ChevronLeft aria-hidden="true" size={24} />
      </Link>
      <h1>{t('screens.sample')}</h1>
      <div className="topbar-slot" />
    </header>
  );
}
