import { ChevronRight, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChipList } from '../../../components/ui/Chip';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { paths } from '../../../lib/paths';
import { useFavourites } from '../api/list-favourites';
import type { Persona } from '../api/types';
import { favouriteTitle, pairName, splitTags, uniquePages } from '../format';
import { RatingBadge } from './RatingBadge';
import { SkeletonRows } from '../../../components/ui/SkeletonRows';

function FavouriteRow({ persona }: { persona: Persona }) {
  const { t } = useTranslation();
  return (
    <Link className="favourite-row" to={paths.persona(persona.uid)}>
      <span className="favourite-row-icon" aria-hidden="true">
        <Star size={18} fill="currentColor" />
      </span>
      <span className="favourite-row-body">
        <span className="favourite-row-title" lang={persona.language}>
          {favouriteTitle(persona.description)}
        </span>
        <span className="favourite-row-names">
          <span lang={persona.language}>{pairName(persona)}</span>
          <RatingBadge isR18={persona.is_r18} />
        </span>
        <ChipList items={splitTags(persona.tags)} label={t('persona.tags')} size="s" lang={persona.language} />
      </span>
      <ChevronRight className="muted favourite-row-chevron" aria-hidden="true" size={18} />
    </Link>
  );
}

function FavouritesSkeleton() {
  return <SkeletonRows listClass="favourites" rowClass="favourite-row" count={5} icon="favourite-row-icon" body="favourite-row-body" />;
}

/** My favourites (/post): the favourited personas, newest first, paged with infinite scroll. */
export function FavouritesList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useFavourites()}
      items={(pages) => uniquePages(pages).flat()}
      keyOf={(persona) => persona.uid}
      renderItem={(persona) => <FavouriteRow persona={persona} />}
      label={t('screens.favourites')}
      className="list favourites"
      skeleton={<FavouritesSkeleton />}
      errorTitle={t('favourites.loadError')}
      empty={
        <EmptyState
          title={t('favourites.empty')}
          body={t('favourites.emptyBody')}
          action={
            <Link className="btn btn--primary" to={paths.explore}>
              {t('favourites.explore')}
            </Link>
          }
        />
      }
    />
  );
}
