import { TAG_KINDS, TAG_NAME_MAX, TAGS_MAX, WARNINGS } from '@butterfic/contract/client';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag, Warning } from './api';
import './reading.css';

/**
 * The post form's tags (AO3's four kinds), archive warnings and the comments switch (issue 51). Tags are
 * added one at a time: a kind, a name, Add (or Enter); each chip removes itself.
 */
export function TagEditor(props: {
  tags: Tag[];
  onTags: (tags: Tag[]) => void;
  warnings: Warning[];
  onWarnings: (warnings: Warning[]) => void;
  commentsOff: boolean;
  onCommentsOff: (off: boolean) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Tag['kind']>('freeform');
  const [name, setName] = useState('');
  const ids = { kind: useId(), name: useId(), off: useId(), warnings: useId() };
  const add = () => {
    const trimmed = name.replace(/\s+/g, ' ').trim();
    if (!trimmed || props.tags.length >= TAGS_MAX) return;
    props.onTags([...props.tags, { kind, name: trimmed }]);
    setName('');
  };
  return (
    <fieldset className="tag-editor">
      <legend className="field-label">{t('reading.tags.label')}</legend>
      {props.tags.length > 0 ? (
        <ul className="tag-list" aria-label={t('reading.tags.added')}>
          {props.tags.map((tag, index) => (
            <li key={`${tag.kind}:${tag.name}:${index}`} className={`tag tag--${tag.kind}`}>
              <span className="sr-only">{t(`reading.kinds.${tag.kind}`)}: </span>
              {tag.name}
              <button
                type="button"
                className="tag-remove"
                aria-label={t('reading.tags.remove', { name: tag.name })}
                onClick={() => props.onTags(props.tags.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tag-add">
        <label className="sr-only" htmlFor={ids.kind}>
          {t('reading.tags.kind')}
        </label>
        <select id={ids.kind} className="input tag-kind" value={kind} onChange={(e) => setKind(e.target.value as Tag['kind'])}>
          {TAG_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`reading.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={ids.name}>
          {t('reading.tags.name')}
        </label>
        <input
          id={ids.name}
          className="input"
          value={name}
          maxLength={TAG_NAME_MAX}
          placeholder={t('reading.tags.placeholder')}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn btn--secondary" onClick={add} disabled={!name.trim() || props.tags.length >= TAGS_MAX}>
          <Plus aria-hidden="true" size={16} />
          {t('reading.tags.add')}
        </button>
      </div>
      <fieldset className="warning-choices">
        <legend className="field-label">{t('reading.warnings.label')}</legend>
        {WARNINGS.map((warning) => {
          const id = `${ids.warnings}-${warning}`;
          return (
            <div className="checkbox-row" key={warning}>
              <input
                id={id}
                type="checkbox"
                className="checkbox"
                checked={props.warnings.includes(warning)}
                onChange={(e) =>
                  props.onWarnings(e.target.checked ? [...props.warnings, warning] : props.warnings.filter((w) => w !== warning))
                }
              />
              <label htmlFor={id}>{t(`reading.warnings.${warning}`)}</label>
            </div>
          );
        })}
      </fieldset>
      <div className="checkbox-row">
        <input
          id={ids.off}
          type="checkbox"
          className="checkbox"
          checked={props.commentsOff}
          onChange={(e) => props.onCommentsOff(e.target.checked)}
        />
        <label htmlFor={ids.off}>{t('reading.comments.turnOff')}</label>
      </div>
    </fieldset>
  );
}
