import { BEATS_MAX, BEAT_MAX, CONTINUE_COST, DIRECTION_MAX, STATUS } from '@butterfic/contract/client';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { useChoices, useSteeredContinuation } from '../api/next-chapter';

/**
 * Under the last chapter: three directions the model suggests (free), a direction of one's own, and
 * optional beats (one per line, in order); "Continue" writes the next chapter with them.
 */
export function NextChapter({ novelUid, onNoButter, onStarted }: { novelUid: string; onNoButter: () => void; onStarted: () => void }) {
  const { t } = useTranslation();
  const choices = useChoices(novelUid);
  const start = useSteeredContinuation(novelUid);
  const [direction, setDirection] = useState('');
  const [beats, setBeats] = useState('');
  const ids = { direction: useId(), beats: useId() };
  const beatList = beats
    .split('\n')
    .map((beat) => beat.trim())
    .filter(Boolean);
  const tooMany = beatList.length > BEATS_MAX || beatList.some((beat) => beat.length > BEAT_MAX);
  const failure = (error: unknown) => (error instanceof ApiError ? error.message : t('cowrite.failed'));
  return (
    <section className="next-chapter" aria-labelledby={`${ids.direction}-title`}>
      <h2 id={`${ids.direction}-title`}>{t('cowrite.next.title')}</h2>
      <Button variant="secondary" onClick={() => choices.mutate()} disabled={choices.isPending}>
        <Sparkles aria-hidden="true" size={18} />
        {choices.isPending ? t('cowrite.next.suggesting') : t('cowrite.next.suggest')}
      </Button>
      {choices.data ? (
        <div className="revise-presets" role="group" aria-label={t('cowrite.next.choices')}>
          {choices.data.choices.map((choice) => (
            <button key={choice} type="button" className="chip chip--button" aria-pressed={direction === choice} onClick={() => setDirection(choice)}>
              {choice}
            </button>
          ))}
        </div>
      ) : null}
      {choices.isError ? (
        <p className="field-error" role="alert">
          {failure(choices.error)}
        </p>
      ) : null}
      <label htmlFor={ids.direction}>{t('cowrite.next.direction')}</label>
      <textarea id={ids.direction} className="input" rows={2} maxLength={DIRECTION_MAX} value={direction} onChange={(e) => setDirection(e.target.value)} />
      <label htmlFor={ids.beats}>{t('cowrite.next.beats', { max: BEATS_MAX })}</label>
      <textarea id={ids.beats} className="input" rows={3} value={beats} onChange={(e) => setBeats(e.target.value)} aria-invalid={tooMany || undefined} />
      {tooMany ? (
        <p className="field-error" role="alert">
          {t('cowrite.next.beatsTooMany', { max: BEATS_MAX, length: BEAT_MAX })}
        </p>
      ) : null}
      <Button
        disabled={start.isPending || tooMany || (!direction.trim() && beatList.length === 0)}
        onClick={() =>
          start.mutate(
            { direction: direction.trim(), beats: beatList },
            {
              onSuccess: onStarted,
              onError: (error) => {
                if (error instanceof ApiError && error.code === STATUS.insufficientButter) onNoButter();
              },
            },
          )
        }
      >
        {t('cowrite.next.continue', { cost: CONTINUE_COST })}
      </Button>
      {start.isError && !(start.error instanceof ApiError && start.error.code === STATUS.insufficientButter) ? (
        <p className="field-error" role="alert">
          {failure(start.error)}
        </p>
      ) : null}
    </section>
  );
}
