import { WandSparkles } from 'lucide-react';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Chip';
import { Button } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import { InsufficientButterDialog } from '../../wallet/components/InsufficientButterDialog';
import { useGenerateFromSample } from '../hooks/useGenerateFromSample';
import { SAMPLE_STORIES, storyWords, type SampleStory } from '../stories';
import '../samples.css';

const WORDS_PER_MINUTE = 220;

const PERSPECTIVE_KEYS = {
  firstPerson: 'samples.firstPerson',
  secondPerson: 'samples.secondPerson',
  thirdPerson: 'samples.thirdPerson',
} as const;

/** One sample story: its title and text in reading typography, then "Generate another one" (with the insufficient-Butter dialog). */
export function SampleStoryView({ story }: { story: SampleStory }) {
  const { t } = useTranslation();
  const { generate, noButter } = useGenerateFromSample();
  const titleId = useId();
  const moreId = useId();
  const minutes = Math.max(1, Math.round(storyWords(story) / WORDS_PER_MINUTE));
  const others = SAMPLE_STORIES.filter((other) => other.slug !== story.slug);
  return (
    <article className="sample" aria-labelledby={titleId}>
      <header className="sample-header">
        <p className="sample-eyebrow">{t('samples.eyebrow')}</p>
        <h2 id={titleId} className="sample-title" lang="en">
          {story.title}
        </h2>
        <p className="sample-pair">{t(story.labelKey)}</p>
        <div className="sample-badges">
          <Badge>{t(PERSPECTIVE_KEYS[story.draft.perspective])}</Badge>
          <Badge>{t('samples.readingTime', { count: minutes })}</Badge>
        </div>
      </header>

      <div className="sample-text" lang="en">
        {story.scenes.map((scene, index) => (
          <Fragment key={index}>
            {index > 0 ? <hr className="scene-break" /> : null}
            {scene.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </Fragment>
        ))}
      </div>

      <section className="sample-cta">
        <p className="sample-cta-text">{t('samples.generateHint')}</p>
        <Button block onClick={() => void generate(story)}>
          <WandSparkles aria-hidden="true" size={20} />
          {t('samples.generateAnother')}
        </Button>
      </section>

      <nav className="sample-more" aria-labelledby={moreId}>
        <h3 id={moreId}>{t('samples.more')}</h3>
        <ul>
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={paths.sample(other.slug)} className="sample-more-link">
                <span className="sample-more-title" lang="en">
                  {other.title}
                </span>
                <span className="sample-more-pair">{t(other.labelKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InsufficientButterDialog {...noButter} />
    </article>
  );
}
