import { useTranslation } from 'react-i18next';
import { createStore, useStore } from './store';

const pending = createStore(0);

/** Shows the global loading overlay while `work` runs (nested calls stack). */
export async function withOverlay<T>(work: () => Promise<T>): Promise<T> {
  pending.set((n) => n + 1);
  try {
    return await work();
  } finally {
    pending.set((n) => n - 1);
  }
}

export function LoadingOverlay() {
  const { t } = useTranslation();
  const count = useStore(pending);
  if (count <= 0) return null;
  return (
    <div className="overlay" role="alert" aria-busy="true" aria-live="assertive">
      <div className="overlay-card">
        <span className="spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    </div>
  );
}
