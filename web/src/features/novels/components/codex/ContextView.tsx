import { CONTEXT_KINDS, type ContextKind } from '@butterfic/contract/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../../components/ui/FormMessage';
import { Loading } from '../../../../components/ui/Loading';
import type { NovelContext } from '../../api/codex';
import type { PathChapter } from './CodexEntryForm';

/** Tokens by kind, in the order of CONTEXT_KINDS, the empty ones left out. */
function byKind(context: NovelContext): { kind: ContextKind; tokens: number }[] {
  return CONTEXT_KINDS.map((kind) => ({ kind, tokens: context.parts.filter((p) => p.kind === kind).reduce((sum, p) => sum + p.tokens, 0) })).filter((k) => k.tokens > 0);
}

/** The bar of the context by part: each kind's share of the model's context (or of the prompt, without one). */
function ContextBar({ context }: { context: NovelContext }) {
  const { t } = useTranslation();
  const whole = Math.max(context.context_tokens, context.total_tokens, 1);
  const label = context.context_tokens
    ? t('codex.context.barLabel', { total: context.total_tokens, size: context.context_tokens })
    : t('codex.context.barLabelNoContext', { total: context.total_tokens });
  const kinds = byKind(context);
  return (
    <figure className="context-figure">
      <div className="context-bar" role="img" aria-label={label}>
        {kinds.map(({ kind, tokens }) => (
          <span key={kind} className={`context-seg context-seg--${kind}`} style={{ inlineSize: `${(tokens / whole) * 100}%` }} />
        ))}
      </div>
      <figcaption className="memory-hint">{label}</figcaption>
      <ul className="context-legend">
        {kinds.map(({ kind, tokens }) => (
          <li key={kind}>
            <span className={`context-swatch context-seg--${kind}`} aria-hidden="true" />
            {t(`codex.context.kinds.${kind}`)} · {t('codex.context.tokens', { count: tokens })}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * What the model saw (issue 49, after NovelAI's context viewer): for the chosen version of a chapter,
 * the prompt as a bar of the context by part, and each part opening to its text.
 */
export function ContextView({
  chapters,
  chapter,
  onChapter,
  query,
}: {
  chapters: PathChapter[];
  chapter: number;
  onChapter: (index: number) => void;
  query: { data: NovelContext | null | undefined; isError: boolean };
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const context = query.data;
  return (
    <div className="memory-form context-view">
      <p className="memory-lead">{t('codex.context.lead')}</p>
      <div className="field">
        <label className="field-label" htmlFor={selectId}>
          {t('codex.context.chapterLabel')}
        </label>
        <select id={selectId} className="input" value={chapter} onChange={(e) => onChapter(Number(e.target.value))}>
          {chapters.map((c) => (
            <option key={c.index} value={c.index}>
              {t('codex.context.chapterOption', { number: c.index + 1 })}
            </option>
          ))}
        </select>
      </div>
      {query.isError ? (
        <FormMessage tone="error">{t('codex.context.loadFailed')}</FormMessage>
      ) : context === undefined ? (
        <Loading className="memory-loading">
          <span className="skeleton skeleton-line skeleton-line--full" />
        </Loading>
      ) : context === null ? (
        <p className="memory-hint">{t('codex.context.notKept')}</p>
      ) : (
        <>
          <ContextBar context={context} />
          <ol className="context-parts">
            {context.parts.map((part, i) => (
              <li key={i}>
                <details>
                  <summary>
                    <span className={`context-swatch context-seg--${part.kind}`} aria-hidden="true" />
                    <span>{part.kind === 'codex' || part.kind === 'retrieved' ? `${t(`codex.context.kinds.${part.kind}`)}: ${part.label}` : t(`codex.context.kinds.${part.kind}`)}</span>
                    <span className="memory-hint">{t('codex.context.tokens', { count: part.tokens })}</span>
                  </summary>
                  <pre className="context-text">{part.text.trim()}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
