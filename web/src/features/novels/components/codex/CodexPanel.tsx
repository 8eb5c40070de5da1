import { CODEX_ENTRIES_MAX } from '@butterfic/contract/client';
import { BookKey, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { FormMessage } from '../../../../components/ui/FormMessage';
import { Loading } from '../../../../components/ui/Loading';
import type { CodexEntry } from '../../api/codex';
import { useCodexEditor } from '../../hooks/useCodexEditor';
import { CodexEntryForm, type PathChapter } from './CodexEntryForm';

/** One entry in the list: name, what it says, when it applies, and whether it went into the chapter shown. */
function EntryRow({ entry, used, chapter, onEdit, onRemove, busy }: { entry: CodexEntry; used: boolean; chapter: number; onEdit: () => void; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="codex-entry">
      <div className="codex-entry-head">
        <strong>{entry.name}</strong>
        {entry.always ? <span className="codex-tag">{t('codex.always')}</span> : null}
        {entry.chapter_index !== null ? <span className="codex-tag">{t('codex.pinned', { number: entry.chapter_index + 1, version: entry.version })}</span> : null}
        {used ? <span className="codex-tag codex-tag--used">{t('codex.usedIn', { number: chapter + 1 })}</span> : null}
      </div>
      {entry.aliases.length ? <p className="memory-hint">{t('codex.aliases', { aliases: entry.aliases.join(', ') })}</p> : null}
      {entry.text ? <p className="codex-entry-text">{entry.text}</p> : null}
      <div className="codex-entry-actions">
        <button type="button" className="icon-button" onClick={onEdit} disabled={busy} aria-label={t('codex.edit', { name: entry.name })}>
          <Pencil aria-hidden="true" size={16} />
        </button>
        <button type="button" className="icon-button" onClick={onRemove} disabled={busy} aria-label={t('codex.remove', { name: entry.name })}>
          <Trash2 aria-hidden="true" size={16} />
        </button>
      </div>
    </li>
  );
}

/**
 * The codex on the work reader (issue 49), beside the story memory: the entries, added and edited one
 * at a time, with the ones that went into the chapter shown in the context view marked.
 */
export function CodexPanel({ uid, chapters, chapter, used, onOpen }: { uid: string; chapters: PathChapter[]; chapter: number; used: Set<string>; onOpen: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = useCodexEditor(uid, open);
  const full = c.entries.length >= CODEX_ENTRIES_MAX;
  return (
    <details
      className="memory-panel codex-panel"
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
        onOpen(event.currentTarget.open);
      }}
    >
      <summary>
        <BookKey aria-hidden="true" size={18} />
        {t('codex.title')}
      </summary>
      {!open ? null : !c.query.data ? (
        c.query.isError ? (
          <FormMessage tone="error">{t('codex.loadFailed')}</FormMessage>
        ) : (
          <Loading className="memory-loading">
            <span className="skeleton skeleton-line skeleton-line--wide" />
            <span className="skeleton skeleton-line skeleton-line--full" />
          </Loading>
        )
      ) : (
        <div className="memory-form">
          <p className="memory-lead">{t('codex.lead')}</p>
          {c.entries.length ? (
            <ul className="codex-list">
              {c.entries.map((entry) => (
                <EntryRow key={entry.uid} entry={entry} used={used.has(entry.name)} chapter={chapter} busy={c.saving} onEdit={() => c.startEdit(entry)} onRemove={() => c.remove(entry)} />
              ))}
            </ul>
          ) : (
            <p className="memory-hint">{t('codex.empty')}</p>
          )}
          {c.draft ? (
            <CodexEntryForm draft={c.draft} chapters={chapters} saving={c.saving} error={c.error} onChange={c.change} onSubmit={c.submit} onCancel={c.cancel} />
          ) : (
            <>
              <FormMessage tone="error">{c.error}</FormMessage>
              <Button variant="secondary" onClick={c.startNew} disabled={full || c.saving}>
                <Plus aria-hidden="true" size={18} />
                {t('codex.add')}
              </Button>
              {full ? <p className="memory-hint">{t('codex.full', { max: CODEX_ENTRIES_MAX })}</p> : null}
            </>
          )}
        </div>
      )}
    </details>
  );
}
