import { AUTHOR_NOTE_MAX, MEMORY_MAX, PINNED_FACT_MAX } from '@butterfic/contract/client';
import { Brain, Pin, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { FormMessage } from '../../../components/ui/FormMessage';
import { Loading } from '../../../components/ui/Loading';
import { useStoryMemory } from '../hooks/useStoryMemory';
import '../memory.css';

/** Where the memory came from, in the reader's words. */
function SourceLine({ source, chapters }: { source: string; chapters: number }) {
  const { t } = useTranslation();
  const key = { edited: 'sourceEdited', generated: 'sourceGenerated', extract: 'sourceExtract' }[source] ?? 'sourceNone';
  return <p className="memory-source">{t(`reader.memory.${key}`, { number: chapters })}</p>;
}

/**
 * "Story memory" on the work reader (issue 29): what the model remembers of the story besides the
 * recent text, the author's note for the next chapter and the pinned facts, to read and to steer.
 * A disclosure, loaded when opened; everything is saved with one button.
 */
export function StoryMemory({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const m = useStoryMemory(uid, open);
  const ids = { memory: useId(), note: useId(), noteHint: useId(), fact: useId(), factHint: useId() };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    m.submit();
  };
  // Enter adds a fact, but never while an input method is composing a word.
  const onFactKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    m.addFact();
  };
  return (
    <details className="memory-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Brain aria-hidden="true" size={18} />
        {t('reader.memory.title')}
      </summary>
      {!open ? null : !m.data ? (
        m.query.isError ? (
          <FormMessage tone="error">{t('reader.memory.loadFailed')}</FormMessage>
        ) : (
          <Loading className="memory-loading">
            <span className="skeleton skeleton-line skeleton-line--wide" />
            <span className="skeleton skeleton-line skeleton-line--full" />
            <span className="skeleton skeleton-line skeleton-line--full" />
          </Loading>
        )
      ) : (
        <form className="form memory-form" onSubmit={onSubmit}>
          <p className="memory-lead">{t('reader.memory.lead')}</p>
          <div className="field">
            <label className="field-label" htmlFor={ids.memory}>
              {t('reader.memory.memoryLabel')}
            </label>
            <SourceLine source={m.data.memory_source} chapters={m.data.memory_chapters} />
            <textarea id={ids.memory} className="input textarea" rows={6} maxLength={MEMORY_MAX} value={m.memory} onChange={(e) => m.setMemory(e.target.value)} placeholder={t('reader.memory.memoryPlaceholder')} />
            {m.data.memory_source === 'edited' ? (
              <Button variant="ghost" type="button" onClick={m.reset} disabled={m.saving}>
                {t('reader.memory.reset')}
              </Button>
            ) : null}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.note}>
              {t('reader.memory.noteLabel')}
            </label>
            <textarea id={ids.note} className="input textarea memory-note" rows={2} maxLength={AUTHOR_NOTE_MAX} value={m.note} onChange={(e) => m.setNote(e.target.value)} aria-describedby={ids.noteHint} placeholder={t('reader.memory.notePlaceholder')} />
            <p id={ids.noteHint} className="memory-hint">
              {t('reader.memory.noteHint')}
            </p>
          </div>
          <fieldset className="field memory-facts">
            <legend className="field-label">{t('reader.memory.pinnedLabel')}</legend>
            {m.facts.length ? (
              <ul>
                {m.facts.map((fact) => (
                  <li key={fact}>
                    <Pin aria-hidden="true" size={14} />
                    <span>{fact}</span>
                    <button type="button" className="icon-button" onClick={() => m.removeFact(fact)} aria-label={t('reader.memory.removeFact', { fact })}>
                      <X aria-hidden="true" size={16} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="input-row">
              <input id={ids.fact} className="input" maxLength={PINNED_FACT_MAX} value={m.fact} onChange={(e) => m.setFact(e.target.value)} onKeyDown={onFactKey} aria-label={t('reader.memory.newFact')} aria-describedby={ids.factHint} placeholder={t('reader.memory.factPlaceholder')} disabled={!m.canAddFact} />
              <Button variant="secondary" type="button" onClick={m.addFact} disabled={!m.canAddFact || !m.fact.trim()}>
                {t('reader.memory.addFact')}
              </Button>
            </div>
            <p id={ids.factHint} className="memory-hint">
              {t('reader.memory.pinnedHint')}
            </p>
          </fieldset>
          <FormMessage tone="error">{m.error}</FormMessage>
          <Button variant="primary" type="submit" disabled={!m.dirty || m.saving}>
            {m.saving ? t('reader.saving') : t('reader.memory.save')}
          </Button>
        </form>
      )}
    </details>
  );
}
