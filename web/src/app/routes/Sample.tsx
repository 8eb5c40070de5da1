import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SampleNotFound } from '../../features/samples/components/SampleNotFound';
import { SampleStoryView } from '../../features/samples/components/SampleStoryView';
import { SampleTopBar } from '../../features/samples/components/SampleTopBar';
import { findSample } from '../../features/samples/stories';
import { sampleText } from '../../features/samples/texts';
import { currentLanguage } from '../../lib/language';
import { useDocumentTitle } from '../useDocumentTitle';

/** /p/:slug: one of the three fixed sample stories, open to visitors who are not logged in. */
export function Sample() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const story = findSample(slug);
  useDocumentTitle(story ? sampleText(story, currentLanguage()).title : t('samples.notFound'));
  return (
    <>
      <SampleTopBar />
      {story ? <SampleStoryView key={story.slug} story={story} /> : <SampleNotFound />}
    </>
  );
}
