import { REVISE_COST, REVISE_INSTRUCTION_MAX, STATUS } from '@butterfic/contract/client';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { RevisionFailed, streamRevision, useAcceptRevision, useBalanceChanged, type Selection } from '../api/revise';
import { VariantDiff } from './VariantDiff';

const PRESETS = ['melancholy', 'show', 'tighter', 'senses', 'dialogue'] as const;
const VARIANTS = 3;

type Phase = { kind: 'compose' } | { kind: 'asking' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * Revise a selection: an instruction (typed, or a preset in the reader's language), then three
 * variants streamed side by side on a desktop and one under another on a phone, each shown as its
 * difference from the selection. Accept one (the chapter's text changes, the history keeps the
 * earlier text) or dismiss them all.
 */
export function RevisePanel({
  selection,
  language,
  onClose,
  onNoButter,
}: {
  selection: Selection;
  language: string;
  onClose: (accepted: boolean) => void;
  onNoButter: () => void;
}) {
  const { t } = useTranslation();
  const [instruction, setInstruction] = useState('');
  const [texts, setTexts] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'compose' });
  const balanceChanged = useBalanceChanged();
  const accept = useAcceptRevision(selection);
  const running = useRef<AbortController | null>(null);
  const fieldId = useId();
  useEffect(() => () => running.current?.abort(), []);

  const ask = async () => {
    const controller = new AbortController();
    running.current = controller;
    setTexts(Array.from({ length: VARIANTS }, () => ''));
    setPhase({ kind: 'asking' });
    try {
      const result = await streamRevision(selection, {
        instruction: instruction.trim(),
        variants: VARIANTS,
        signal: controller.signal,
        onText: (index, piece) => setTexts((now) => now.map((text, i) => (i === index ? text + piece : text))),
      });
      setTexts(result.variants.map((variant) => variant.text));
      setPhase({ kind: 'done' });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.code === STATUS.insufficientButter) {
        setPhase({ kind: 'compose' });
        onNoButter();
        return;
      }
      const message =
        error instanceof RevisionFailed ? t('cowrite.failedRefunded') : error instanceof ApiError ? error.message : t('cowrite.failed');
      setPhase({ kind: 'failed', message });
    } finally {
      balanceChanged();
    }
  };

  const acceptText = (text: string) =>
    accept.mutate(text, {
      onSuccess: () => onClose(true),
      onError: (error) => setPhase({ kind: 'failed', message: error instanceof ApiError ? error.message : t('cowrite.failed') }),
    });

  return (
    <div className="revise-panel">
      <blockquote className="revise-selection" lang={language}>
        {selection.text}
      </blockquote>
      <label htmlFor={fieldId}>{t('cowrite.instruction')}</label>
      <textarea
        id={fieldId}
        className="input"
        rows={2}
        maxLength={REVISE_INSTRUCTION_MAX}
        value={instruction}
        placeholder={t('cowrite.instructionPlaceholder')}
        onChange={(event) => setInstruction(event.target.value)}
        disabled={phase.kind === 'asking'}
      />
      <div className="revise-presets" role="group" aria-label={t('cowrite.presets')}>
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="chip chip--button"
            aria-pressed={instruction === t(`cowrite.preset.${preset}`)}
            onClick={() => setInstruction(t(`cowrite.preset.${preset}`))}
            disabled={phase.kind === 'asking'}
          >
            {t(`cowrite.preset.${preset}`)}
          </button>
        ))}
      </div>
      <Button onClick={() => void ask()} disabled={!instruction.trim() || phase.kind === 'asking'}>
        {phase.kind === 'asking' ? t('cowrite.asking') : t('cowrite.ask', { count: VARIANTS, cost: REVISE_COST })}
      </Button>
      {phase.kind === 'failed' ? (
        <p className="field-error" role="alert">
          {phase.message}
        </p>
      ) : null}
      {texts.length ? (
        <ol className="revise-variants" aria-label={t('cowrite.variants')} aria-busy={phase.kind === 'asking'}>
          {texts.map((text, i) => (
            <li key={i} className="revise-variant">
              <h3>{t('cowrite.variant', { number: i + 1 })}</h3>
              {text ? <VariantDiff before={selection.text} after={text} language={language} /> : <p className="muted">{t('cowrite.waiting')}</p>}
              {phase.kind === 'done' ? (
                <Button variant="secondary" onClick={() => acceptText(text)} disabled={accept.isPending}>
                  {t('cowrite.accept', { number: i + 1 })}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="dialog-actions">
        <Button variant="ghost" onClick={() => onClose(false)}>
          {texts.length ? t('cowrite.dismiss') : t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
