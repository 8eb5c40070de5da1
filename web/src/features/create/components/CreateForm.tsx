import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/Loading';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { session } from '../../../lib/session';
import { loadArticleDraft } from '../../../lib/article-draft';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSourceNovel } from '../api/get-source-novel';
import { isFinalError } from '../../../lib/novel-details';
import { defaultGenerationLanguage, emptyValues, novelToValues, type FormValues } from '../../../components/story-form/draft';
import { GenerationForm } from './GenerationForm';
import '../../../components/story-form/story-form.css';

/** The stored article draft (a persona's, a sample's or the form's own autosave), else an empty form. */
function initialValues(): FormValues {
  const language = defaultGenerationLanguage(session.userInfo()?.language);
  return loadArticleDraft(language) ?? emptyValues(language);
}

function DraftForm() {
  const [initial] = useState(initialValues);
  return <GenerationForm initial={initial} />;
}

function FormSkeleton() {
  return (
    <Loading className="create-form">
      <div className="create-characters" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="create-card create-skeleton">
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-field" />
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-field skeleton-field--tall" />
          </div>
        ))}
      </div>
      <div className="create-card create-skeleton" aria-hidden="true">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-field skeleton-field--tall" />
      </div>
    </Loading>
  );
}

/** /article/create/{id}: the form prefilled from that earlier novel, once it has loaded. */
function NovelForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isRefetching } = useSourceNovel(id);
  if (data) return <GenerationForm initial={novelToValues(data.novel)} />;
  if (isPending) return <FormSkeleton />;
  return (
    <EmptyState
      art="error"
      title={t('create.sourceError')}
      body={isFinalError(error) ? t('create.sourceGone') : errorMessage(error, t)}
      action={
        <div className="state-actions">
          {isFinalError(error) ? null : (
            <Button variant="secondary" onClick={() => void refetch()} disabled={isRefetching}>
              {t('common.retry')}
            </Button>
          )}
          <Link className="btn btn--primary" to={paths.create}>
            {t('create.startFresh')}
          </Link>
        </div>
      }
    />
  );
}

/** The generation form of /, /article/create (from the stored draft) and /article/create/{id} (from that novel). */
export function CreateForm({ articleId }: { articleId?: string }) {
  return articleId ? <NovelForm key={articleId} id={articleId} /> : <DraftForm />;
}
