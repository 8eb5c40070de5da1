import { BookOpen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { SAMPLE_STORIES } from '../stories';
import '../samples.css';

/** A discreet row on the creation screen: the three sample stories, for inspiration. */
export function SampleLinks() {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <nav className="sample-links" aria-labelledby={labelId}>
      <span id={labelId} className="sample-links-label">
        <BookOpen aria-hidden="true" size={16} />
        <span>{t('samples.inspiration')}</span>
      </span>
      <ul>
        {SAMPLE_STORIES.map((story) => (
          <li key={story.slug}>
            <Link to={paths.sample(story.slug)}>{t(story.labelKey)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
