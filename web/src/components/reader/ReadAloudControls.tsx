import { Pause, Play, Square } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { READ_ALOUD_RATES, type ReadAloud } from './useReadAloud';

/** Read aloud / pause / resume, then stop and speed; nothing where the browser has no voice for the story's language. */
export function ReadAloudControls({ reader }: { reader: ReadAloud }) {
  const { t } = useTranslation();
  const speedId = useId();
  if (!reader.available) return null;
  const playing = reader.state === 'playing';
  return (
    <div className="read-aloud" role="group" aria-label={t('reader.readAloud.label')}>
      <button type="button" className="btn btn--ghost reader-switch" aria-pressed={reader.state !== 'idle'} onClick={reader.toggle}>
        {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
        {playing ? t('reader.readAloud.pause') : reader.state === 'paused' ? t('reader.readAloud.resume') : t('reader.readAloud.play')}
      </button>
      {reader.state === 'idle' ? null : (
        <>
          <label className="sr-only" htmlFor={speedId}>
            {t('reader.readAloud.speed')}
          </label>
          <select
            id={speedId}
            className="input read-aloud-speed"
            value={reader.rate}
            onChange={(event) => reader.setRate(Number(event.target.value))}
          >
            {READ_ALOUD_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {t('reader.readAloud.rate', { rate })}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn--ghost read-aloud-stop" aria-label={t('reader.readAloud.stop')} onClick={reader.stop}>
            <Square aria-hidden="true" size={16} />
          </button>
        </>
      )}
    </div>
  );
}
