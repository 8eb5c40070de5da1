import { STATUS } from '@butterfic/contract/client';
import { Sparkles, WandSparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/Loading';
import { Link } from 'react-router';
import { Badge, ChipList } from '../../../components/ui/Chip';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePersona } from '../api/get-persona';
import type { Persona } from '../api/types';
import { formatCount, pairName, splitTags } from '../format';
import { useGenerateFromPersona } from '../hooks/useGenerateFromPersona';
import { ReportButton } from '../../../components/report/ReportButton';
import { TakedownNotice } from '../../../components/report/TakedownNotice';
import { FavouriteButton } from './FavouriteButton';
import { RatingBadge } from './RatingBadge';

const PERSPECTIVE_KEYS = { 0: 'persona.thirdPerson', 1: 'persona.firstPerson', 2: 'persona.secondPerson' } as const;

function CharacterBlock({ role, name, setting, lang }: { role: string; name: string; setting: string; lang: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="character" aria-labelledby={headingId}>
      <p className="character-role">{role}</p>
      <h3 id={headingId} className="character-name" lang={lang}>
        {name}
      </h3>
      {setting ? (
        <p className="character-setting" lang={lang}>
          {setting}
        </p>
      ) : (
        <p className="character-setting muted">{t('persona.noSetting')}</p>
      )}
    </section>
  );
}

function PersonaView({ persona, loggedIn }: { persona: Persona; loggedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const generateFrom = useGenerateFromPersona();
  const titleId = useId();
  const plotId = useId();
  const lang = persona.language;
  return (
    <article className="persona" aria-labelledby={titleId}>
      <header className="persona-hero">
        <div className="persona-badges">
          <RatingBadge isR18={persona.is_r18} />
          <Badge>{t(PERSPECTIVE_KEYS[persona.first_person])}</Badge>
          <Badge>{persona.dialogue_heavy === 1 ? t('persona.moreDialogue') : t('persona.moreDescription')}</Badge>
        </div>
        <div className="persona-heading">
          <h2 id={titleId} className="persona-title" lang={lang}>
            {pairName(persona)}
          </h2>
          <p className="persona-author">
            <span className="sr-only">{t('persona.author')} </span>@{persona.author_name}
          </p>
        </div>
        <p className="persona-description" lang={lang}>
          {persona.description}
        </p>
        <ChipList items={splitTags(persona.tags)} label={t('persona.tags')} lang={lang} />
        <p className="persona-used">
          <Sparkles aria-hidden="true" size={16} />
          <span>{t('persona.usedCount')}</span>
          <strong className="tabular">{formatCount(persona.used_count, i18n.language)}</strong>
        </p>
      </header>

      <div className="persona-characters">
        <CharacterBlock role={t('persona.characterA')} name={persona.char_a_name} setting={persona.char_a_setting} lang={lang} />
        <CharacterBlock role={t('persona.characterB')} name={persona.char_b_name} setting={persona.char_b_setting} lang={lang} />
      </div>

      <section className="persona-plot" aria-labelledby={plotId}>
        <h3 id={plotId}>{t('persona.plot')}</h3>
        {persona.plot ? <p lang={lang}>{persona.plot}</p> : <p className="muted">{t('persona.noPlot')}</p>}
      </section>

      {persona.takedown ? <TakedownNotice takedown={persona.takedown} /> : null}
      {persona.is_mine ? null : (
        <div className="report-row">
          <ReportButton targetType="persona" targetUid={persona.uid} />
        </div>
      )}

      <div className="persona-actions">
        <FavouriteButton uid={persona.uid} isFavorite={persona.is_favorite} loggedIn={loggedIn} />
        <Button className="persona-use" onClick={() => generateFrom(persona)}>
          <WandSparkles aria-hidden="true" size={20} />
          {t('persona.use')}
        </Button>
      </div>
    </article>
  );
}

function PersonaSkeleton() {
  return (
    <Loading className="persona">
      <div className="persona-hero" aria-hidden="true">
        <span className="skeleton skeleton-chip" />
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-line--full" />
        <span className="skeleton skeleton-line skeleton-line--full" />
        <span className="skeleton skeleton-line skeleton-line--wide" />
      </div>
      <div className="persona-characters" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="character">
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line skeleton-line--wide" />
            <span className="skeleton skeleton-line skeleton-line--full" />
            <span className="skeleton skeleton-line skeleton-line--full" />
          </div>
        ))}
      </div>
    </Loading>
  );
}

/**
 * The persona card page (SPEC.md section 2) with its loading, gone (404),
 * adults-only (403: `forbidden` is shown, e.g. the 18+ confirmation) and
 * error-with-retry states.
 */
export function PersonaDetails({ uid, loggedIn, forbidden }: { uid: string; loggedIn: boolean; forbidden: ReactNode }) {
  const { t } = useTranslation();
  const { data: persona, isPending, error, refetch, isRefetching } = usePersona(uid);
  if (persona) return <PersonaView persona={persona} loggedIn={loggedIn} />;
  if (isPending) return <PersonaSkeleton />;
  if (error instanceof ApiError && error.code === STATUS.forbidden) return forbidden;
  if (error instanceof ApiError && error.code === STATUS.notFound) {
    return (
      <EmptyState
        art="error"
        title={t('persona.gone')}
        body={t('persona.goneBody')}
        action={
          <Link className="btn btn--primary" to={paths.explore}>
            {t('persona.backToExplore')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      art="error"
      title={t('persona.loadError')}
      body={errorMessage(error, t)}
      action={
        <Button variant="secondary" onClick={() => void refetch()} disabled={isRefetching}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
