import { CODEX_ALIASES_MAX, CODEX_NAME_MAX, CODEX_TEXT_MAX } from '@butterfic/contract/client';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { FormMessage } from '../../../../components/ui/FormMessage';
import type { EntryDraft } from '../../hooks/useCodexEditor';

/** The chapters an entry can be pinned to: the chosen path's versions. */
export type PathChapter = { index: number; version: number };

/** One codex entry's form: name, aliases, text, always, and the chapter version it applies after. */
export function CodexEntryForm({
  draft,
  chapters,
  saving,
  error,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: EntryDraft;
  chapters: PathChapter[];
  saving: boolean;
  error: string | null;
  onChange: (fields: Partial<EntryDraft>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = { name: useId(), aliases: useId(), aliasesHint: useId(), text: useId(), always: useId(), pin: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form codex-form" onSubmit={submit} aria-label={draft.uid ? t('codex.edit', { name: draft.name }) : t('codex.newEntry')}>
      <div className="field">
        <label className="field-label" htmlFor={ids.name}>
          {t('codex.nameLabel')}
        </label>
        <input id={ids.name} className="input" required maxLength={CODEX_NAME_MAX} value={draft.name} onChange={(e) => onChange({ name: e.target.value })} placeholder={t('codex.namePlaceholder')} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.aliases}>
          {t('codex.aliasesLabel')}
        </label>
        <input id={ids.aliases} className="input" value={draft.aliases} onChange={(e) => onChange({ aliases: e.target.value })} aria-describedby={ids.aliasesHint} placeholder={t('codex.aliasesPlaceholder')} />
        <p id={ids.aliasesHint} className="memory-hint">
          {t('codex.aliasesHint', { max: CODEX_ALIASES_MAX })}
        </p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.text}>
          {t('codex.textLabel')}
        </label>
        <textarea id={ids.text} className="input textarea" rows={4} maxLength={CODEX_TEXT_MAX} value={draft.text} onChange={(e) => onChange({ text: e.target.value })} placeholder={t('codex.textPlaceholder')} />
      </div>
      <div className="codex-check">
        <input id={ids.always} type="checkbox" checked={draft.always} onChange={(e) => onChange({ always: e.target.checked })} />
        <label htmlFor={ids.always}>{t('codex.alwaysLabel')}</label>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.pin}>
          {t('codex.pinLabel')}
        </label>
        <select id={ids.pin} className="input" value={draft.pin} onChange={(e) => onChange({ pin: e.target.value })}>
          <option value="">{t('codex.pinNone')}</option>
          {chapters.map((c) => (
            <option key={c.index} value={`${c.index}:${c.version}`}>
              {t('codex.pinAfter', { number: c.index + 1, version: c.version })}
            </option>
          ))}
        </select>
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="codex-form-actions">
        <Button variant="primary" type="submit" disabled={saving || !draft.name.trim()}>
          {saving ? t('reader.saving') : t('codex.save')}
        </Button>
        <Button variant="ghost" type="button" onClick={onCancel} disabled={saving}>
          {t('codex.cancel')}
        </Button>
      </div>
    </form>
  );
}
