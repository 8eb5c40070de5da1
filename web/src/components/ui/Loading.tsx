import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A region whose content is still loading: marked busy, announced once as
 * "Loading…" to screen readers, and showing its skeleton (hidden from them).
 */
export function Loading({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      {children}
    </div>
  );
}
