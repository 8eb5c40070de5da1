import { wordCount, type Language } from '@butterfic/contract/client';
import { WandSparkles } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StoryLength } from '../../../components/reader/StoryLength';
import { Badge } from '../../../components/ui/Chip';
import { Button } from '../../../components/ui/Button';
import { languageName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { InsufficientButterDialog } from '../../../components/InsufficientButterDialog';
import { useGenerateFromSample } from '../hooks/useGenerateFromSample';
import { SAMPLE_STORIES, type SampleStory } from '../stories';
import { readingMinutes, sampleText } from '../texts';
import { SampleLanguageSwitch } from './SampleLanguageSwitch';
import '../samples.css';

const PERSPECTIVE_KEYS = {
  firstPerson: 'samples.firstPerson',
  secondPerson: 'samples.secondPerson',
  thirdPerson: 'samples.thirdPerson',
} as const;

/**
 * One sample story: its title and text in reading typography, in the interface language until the
 * reader picks another, then "Generate another one" (with the insufficient-Butter dialog). The story
 * generates in English (SPEC.md's preset) unless the reader picked a language here.
 */
export function SampleStoryView({ story }: { story: SampleStory }) {
  const { t, i18n } = useTranslation();
  const { generate, noButter } = useGenerateFromSample();
  const titleId = useId();
  const moreId = useId();
  const interfaceLang = currentLanguage();
  const [picked, setPicked] = useState<Language | null>(null);
  const lang = picked ?? interfaceLang;
  const text = sampleText(story, lang);
  const others = SAMPLE_STORIES.filter((other) => other.slug !== story.slug);
  return (
    <article className="sample" aria-labelledby={titleId}>
      <header className="sample-header">
        <p className="sample-eyebrow">{t('samples.eyebrow')}</p>
        <h2 id={titleId} className="sample-title" lang={lang}>
          {text.title}
        </h2>
        <p className="sample-pair">{t(story.labelKey)}</p>
        <div className="sample-badges">
          <Badge>{t(PERSPECTIVE_KEYS[story.preset.perspective])}</Badge>
          <Badge>{t('samples.readingTime', { count: readingMinutes(story, lang) })}</Badge>
          <Badge>
            <StoryLength language={lang} count={wordCount(text.scenes.flat().join('\n'))} />
          </Badge>
        </div>
        <SampleLanguageSwitch value={lang} onChange={setPicked} />
      </header>

      <div className="sample-text" lang={lang}>
        {text.scenes.map((scene, index) => (
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
        <p className="sample-cta-lang">
          {picked ? t('samples.languageHintPicked', { language: languageName(picked, i18n.language) }) : t('samples.languageHint')}
        </p>
        <Button block onClick={() => void generate(story, picked)}>
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
                <span className="sample-more-title" lang={interfaceLang}>
                  {sampleText(other, interfaceLang).title}
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
