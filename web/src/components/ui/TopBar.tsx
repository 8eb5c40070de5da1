import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** React Router numbers its history entries; 0 is the first screen of this page load. */
function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * A sticky bar with a back button and the screen's title. Back returns to the
 * previous screen of this visit, or to `parent` when the visit started here.
 */
export function TopBar({ title, parent = '/explore', right }: { title: string; parent?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(parent);
  };
  return (
    <header className="topbar">
      <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
        <ChevronLeft aria-hidden="true" size={24} />
      </button>
      <h1>{title}</h1>
      <div className="topbar-slot">{right}</div>
    </header>
  );
}
