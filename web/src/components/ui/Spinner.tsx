import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** The spinner at the end of an infinite list. */
export function BottomSpinner() {
  return (
    <div className="bottom-spinner">
      <Spinner />
    </div>
  );
}
