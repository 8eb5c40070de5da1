import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';
import { SAMPLE_STORIES } from '../stories';
import '../samples.css';

/** An unknown /p/{slug}: say so, and offer the three real samples. */
export function SampleNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      art="error"
      title={t('samples.notFound')}
      body={t('samples.notFoundBody')}
      action={
        <ul className="sample-choices" aria-label={t('samples.listLabel')}>
          {SAMPLE_STORIES.map((story) => (
            <li key={story.slug}>
              <Link className="btn btn--secondary btn--block" to={paths.sample(story.slug)}>
                {t(story.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
