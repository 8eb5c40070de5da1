import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/Loading';
import { Link } from 'react-router';
import { ChipList } from '../../../components/ui/Chip';
import { paths } from '../../../lib/paths';
import type { Persona } from '../api/types';
import { pairName, splitTags } from '../format';
import { RatingBadge } from './RatingBadge';
import { UsedCount } from './UsedCount';

/**
 * One persona in the Explore grid. The link is the pair's name, stretched over the whole card, and is
 * named by the pair and the rating: its name holds its visible text (WCAG 2.5.3, axe label-content-name-mismatch).
 */
export function PersonaCard({ persona }: { persona: Persona }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ratingId = useId();
  const descriptionId = useId();
  return (
    <div className="persona-card">
      <span className="persona-card-meta">
        <RatingBadge isR18={persona.is_r18} id={ratingId} />
        <UsedCount count={persona.used_count} />
      </span>
      <h2 className="persona-card-title" lang={persona.language}>
        <Link
          className="persona-card-link"
          to={paths.persona(persona.uid)}
          aria-labelledby={`${titleId} ${ratingId}`}
          aria-describedby={descriptionId}
        >
          <span id={titleId}>{pairName(persona)}</span>
        </Link>
      </h2>
      <p id={descriptionId} className="persona-card-description" lang={persona.language}>
        {persona.description}
      </p>
      <ChipList items={splitTags(persona.tags)} label={t('persona.tags')} size="s" lang={persona.language} />
    </div>
  );
}

/** Cards of varied heights while the first page loads; hidden from screen readers (the status says it). */
export function PersonaCardSkeletons({ count = 8 }: { count?: number }) {
  return (
    <Loading>
      <div className="masonry" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i}>
            <div className="persona-card persona-card--skeleton">
              <span className="skeleton skeleton-chip" />
              <span className="skeleton skeleton-line skeleton-line--wide" />
              {Array.from({ length: 2 + (i % 3) }, (_, line) => (
                <span key={line} className="skeleton skeleton-line skeleton-line--full" />
              ))}
              <span className="skeleton skeleton-line" />
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}
