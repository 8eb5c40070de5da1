import { ChevronRight, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { paths } from '../../../lib/paths';
import { useWorks } from '../api/list-works';
import type { Novel } from '../api/types';
import { formatDateTime } from '../../../lib/format';
import { isInProgress, uniqueNovels } from '../format';
import { StatusBadge } from './StatusBadge';
import { StoryLength } from '../../../components/reader/StoryLength';
import { WriterLabel } from './WriterLabel';
import '../novels.css';
import { SkeletonRows } from '../../../components/ui/SkeletonRows';

/** SPEC.md section 9: the works list loads its next page 50 px before the bottom. */
const WORKS_LOOKAHEAD = '0px 0px 50px 0px';

function WorkRow({ novel }: { novel: Novel }) {
  const { t, i18n } = useTranslation();
  return (
    <Link className={`work-row${isInProgress(novel.generate_status) ? ' work-row--live' : ''}`} to={paths.work(novel.uid)}>
      <span className="work-row-body">
        <span className="work-row-top">
          <span className="work-row-title" lang={novel.language}>
            {novel.title.trim() || t('works.untitled')}
          </span>
          <StatusBadge status={novel.generate_status} />
        </span>
        <span className="work-row-meta">
          <time dateTime={new Date(novel.created_time * 1000).toISOString()}>{formatDateTime(novel.created_time, i18n.language)}</time>
          <span aria-hidden="true">·</span>
          <StoryLength language={novel.language} count={novel.word_count} />
          <WriterLabel writtenBy={novel.written_by} />
        </span>
      </span>
      <ChevronRight className="muted work-row-chevron" aria-hidden="true" size={18} />
    </Link>
  );
}

function WorksSkeleton() {
  return <SkeletonRows listClass="works" rowClass="work-row" body="work-row-body" />;
}

/**
 * My works (/user/work): the caller's stories, newest first, with their
 * status; asked again every 3 s while any is being written.
 */
export function WorksList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useWorks()}
      items={(pages) => uniqueNovels<Novel>(pages)}
      keyOf={(novel) => novel.uid}
      renderItem={(novel) => <WorkRow novel={novel} />}
      label={t('screens.works')}
      className="list works"
      skeleton={<WorksSkeleton />}
      errorTitle={t('works.loadError')}
      lookahead={WORKS_LOOKAHEAD}
      empty={
        <EmptyState
          title={t('works.empty')}
          body={t('works.emptyBody')}
          action={
            <Link className="btn btn--primary" to={paths.create}>
              <PenLine aria-hidden="true" size={18} />
              {t('works.create')}
            </Link>
          }
        />
      }
    />
  );
}
