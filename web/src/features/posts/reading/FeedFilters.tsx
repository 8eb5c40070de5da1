import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedFilters as Filters } from '../api/keys';
import './reading.css';

/** The feed's tag and excluded tags (issue 51): applied on submit, cleared with one button. */
export function FeedFilters({ value, onChange }: { value: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState(value.tag ?? '');
  const [exclude, setExclude] = useState(value.exclude ?? '');
  const ids = { tag: useId(), exclude: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...(tag.trim() && { tag: tag.trim() }), ...(exclude.trim() && { exclude: exclude.trim() }) });
  };
  const active = Boolean(value.tag || value.exclude);
  return (
    <form className="feed-filters" role="search" aria-label={t('reading.filters.label')} onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={ids.tag}>
          {t('reading.filters.tag')}
        </label>
        <input id={ids.tag} className="input" type="search" value={tag} onChange={(e) => setTag(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.exclude}>
          {t('reading.filters.exclude')}
        </label>
        <input
          id={ids.exclude}
          className="input"
          value={exclude}
          placeholder={t('reading.filters.excludeHint')}
          onChange={(e) => setExclude(e.target.value)}
        />
      </div>
      <div className="feed-filters-actions">
        <button type="submit" className="btn btn--primary">
          {t('reading.filters.apply')}
        </button>
        {active ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setTag('');
              setExclude('');
              onChange({});
            }}
          >
            <X aria-hidden="true" size={16} />
            {t('reading.filters.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
