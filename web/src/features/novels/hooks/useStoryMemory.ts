import { PINNED_FACTS_MAX } from '@butterfic/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useNovelMemory, useSaveMemory } from '../api/novel-memory';

/**
 * The story memory panel's state: loaded when the panel opens, drafts of the memory, the author's
 * note and the pinned facts, and a save that sends only what changed (docs/decisions/0033).
 */
export function useStoryMemory(uid: string, open: boolean) {
  const { t } = useTranslation();
  const query = useNovelMemory(uid, open);
  const save = useSaveMemory(uid);
  const data = query.data;
  const [memory, setMemory] = useState('');
  const [note, setNote] = useState('');
  const [facts, setFacts] = useState<string[]>([]);
  const [fact, setFact] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A fresh answer (the first load, a save) resets the drafts to what the server holds, during render.
  const [shown, setShown] = useState<typeof data>(undefined);
  if (data && data !== shown) {
    setShown(data);
    setMemory(data.memory);
    setNote(data.author_note);
    setFacts(data.pinned_facts);
  }

  const changes = data
    ? {
        ...(memory.trim() !== data.memory && { memory: memory.trim() }),
        ...(note.trim() !== data.author_note && { author_note: note.trim() }),
        ...(facts.join('\n') !== data.pinned_facts.join('\n') && { pinned_facts: facts }),
      }
    : {};
  const dirty = Object.keys(changes).length > 0;

  const send = (body: Parameters<typeof save.mutate>[0], done: string) => {
    setError(null);
    save.mutate(body, {
      onSuccess: () => toast(done),
      onError: (failure) => setError(errorMessage(failure, t)),
    });
  };
  const addFact = () => {
    const next = fact.trim();
    if (!next || facts.includes(next) || facts.length >= PINNED_FACTS_MAX) return;
    setFacts([...facts, next]);
    setFact('');
  };
  return {
    query,
    data,
    memory,
    setMemory,
    note,
    setNote,
    facts,
    removeFact: (gone: string) => setFacts(facts.filter((f) => f !== gone)),
    fact,
    setFact,
    addFact,
    canAddFact: facts.length < PINNED_FACTS_MAX,
    dirty,
    saving: save.isPending,
    error,
    submit: () => dirty && !save.isPending && send(changes, t('reader.memory.saved')),
    reset: () => !save.isPending && send({ memory: null }, t('reader.memory.resetDone')),
  };
}
