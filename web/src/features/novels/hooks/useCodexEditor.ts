import type { CodexEntryInput } from '@butterfic/contract';
import { CODEX_ALIASES_MAX } from '@butterfic/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useCodex, useSaveCodex, type CodexEntry } from '../api/codex';

/** The form's fields for one entry; `pin` is "index:version" or ''. */
export type EntryDraft = { uid: string | null; name: string; aliases: string; text: string; always: boolean; pin: string };

const EMPTY: EntryDraft = { uid: null, name: '', aliases: '', text: '', always: false, pin: '' };

/** Aliases as typed: separated by commas in any of the five languages' forms. */
export const splitAliases = (text: string) =>
  [...new Set(text.split(/[,，、;；]/u).map((a) => a.trim()).filter(Boolean))].slice(0, CODEX_ALIASES_MAX);

const draftOf = (entry: CodexEntry): EntryDraft => ({
  uid: entry.uid,
  name: entry.name,
  aliases: entry.aliases.join(', '),
  text: entry.text,
  always: entry.always,
  pin: entry.chapter_index === null ? '' : `${entry.chapter_index}:${entry.version}`,
});

const inputOf = (entry: CodexEntry): CodexEntryInput => ({ ...entry });

function inputFromDraft(draft: EntryDraft): CodexEntryInput {
  const [index, version] = draft.pin ? draft.pin.split(':').map(Number) : [null, null];
  return {
    uid: draft.uid,
    name: draft.name.trim(),
    aliases: splitAliases(draft.aliases),
    text: draft.text.trim(),
    always: draft.always,
    chapter_index: index ?? null,
    version: version ?? null,
  };
}

/**
 * The codex panel's state: loaded when the panel opens; one entry edited at a time (a new one or an
 * existing one); saving or deleting sends the whole list, as the API takes it.
 */
export function useCodexEditor(uid: string, open: boolean) {
  const { t } = useTranslation();
  const query = useCodex(uid, open);
  const save = useSaveCodex(uid);
  const entries = query.data?.entries ?? [];
  const [draft, setDraft] = useState<EntryDraft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (list: CodexEntryInput[], done: string) => {
    setError(null);
    save.mutate(list, {
      onSuccess: () => {
        setDraft(null);
        toast(done);
      },
      onError: (failure) => setError(errorMessage(failure, t)),
    });
  };
  const submit = () => {
    if (!draft || !draft.name.trim() || save.isPending) return;
    const next = inputFromDraft(draft);
    const list = draft.uid ? entries.map((e) => (e.uid === draft.uid ? next : inputOf(e))) : [...entries.map(inputOf), next];
    send(list, t('codex.saved'));
  };
  return {
    query,
    entries,
    draft,
    change: (fields: Partial<EntryDraft>) => setDraft((current) => (current ? { ...current, ...fields } : current)),
    startNew: () => {
      setError(null);
      setDraft({ ...EMPTY });
    },
    startEdit: (entry: CodexEntry) => {
      setError(null);
      setDraft(draftOf(entry));
    },
    cancel: () => setDraft(null),
    remove: (entry: CodexEntry) => !save.isPending && send(entries.filter((e) => e.uid !== entry.uid).map(inputOf), t('codex.removed')),
    submit,
    saving: save.isPending,
    error,
  };
}
