import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNovelContext } from '../../api/codex';
import type { PathChapter } from './CodexEntryForm';
import { CodexPanel } from './CodexPanel';
import { ContextView } from './ContextView';
import './codex.css';

/**
 * The writer's room on the work reader (issue 49): the codex panel and the view of what the model saw,
 * sharing the chapter shown (the last one unless the author picks another), so the codex marks the
 * entries that went into that chapter.
 */
export function WritersRoom({ uid, chapters }: { uid: string; chapters: PathChapter[] }) {
  const { t } = useTranslation();
  const last = chapters.at(-1)?.index ?? 0;
  const [picked, setPicked] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [codexOpen, setCodexOpen] = useState(false);
  const chapter = picked !== null && picked <= last ? picked : last;
  const version = chapters.find((c) => c.index === chapter)?.version ?? 1;
  // Read once either panel is open: the codex marks the entries that went into the chapter shown.
  const query = useNovelContext(uid, chapter, version, chapters.length > 0 && (open || codexOpen));
  const used = new Set((query.data?.parts ?? []).filter((p) => p.kind === 'codex').map((p) => p.label));
  return (
    <>
      <CodexPanel uid={uid} chapters={chapters} chapter={chapter} used={used} onOpen={setCodexOpen} />
      <details className="memory-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <Gauge aria-hidden="true" size={18} />
          {t('codex.context.title')}
        </summary>
        {open ? <ContextView chapters={chapters} chapter={chapter} onChapter={setPicked} query={query} /> : null}
      </details>
    </>
  );
}
