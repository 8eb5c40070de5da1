import { useTranslation } from 'react-i18next';
import type { GenerateStatus } from '../api/types';
import { isInProgress } from '../format';

/** The generation status; anything still being written gets a pulsing dot (SPEC.md section 4). */
export function StatusBadge({ status }: { status: GenerateStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status}`}>
      {isInProgress(status) ? <span className="status-dot" aria-hidden="true" /> : null}
      {t(`works.status.${status}`)}
    </span>
  );
}
