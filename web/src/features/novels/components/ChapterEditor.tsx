import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The last chapter as a textarea that grows with its text. */
export function ChapterEditor({ value, onChange, autoFocus }: { value: string; onChange: (value: string) => void; autoFocus: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const lines = value.split('\n').length;
  return (
    <div className="chapter-editor">
      <label htmlFor={id} className="sr-only">
        {t('reader.editLabel')}
      </label>
      <textarea
        id={id}
        className="chapter-editor-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={Math.max(10, Math.min(lines + 2, 40))}
        autoFocus={autoFocus}
        spellCheck
      />
    </div>
  );
}
