import type { ArticleDraft } from '../../lib/article-draft';

/**
 * The three fixed sample stories of /p/{slug} (SPEC.md section 2), written natively in the five
 * languages (issue 20). Each has the draft that would regenerate a story like it: SPEC.md presets
 * third person twice and second person once, R18, more dialogue, and English; the draft is the
 * English one unless the reader picks the sample's language on the page, which then fills the form
 * with that language's names, settings and plot and generates in it. The texts themselves live in
 * texts/ (loaded with the sample page only, not with the creation screen that links to them).
 */
export type SampleKey = 'lighthouse' | 'nightTrain' | 'dragonKeeper';

/** One sample in one language: its title, the draft's words, and the scenes (each a list of paragraphs). */
export type SampleText = {
  title: string;
  draft: Pick<ArticleDraft, 'characterA' | 'settingA' | 'characterB' | 'settingB' | 'plot'>;
  scenes: string[][];
};
export type SampleTexts = Record<SampleKey, SampleText>;

export type SampleStory = {
  slug: string;
  key: SampleKey;
  /** Names the pair and its setting in the interface language. */
  labelKey: string;
  preset: Pick<ArticleDraft, 'perspective' | 'isR18' | 'writingStyle'>;
};

export const SAMPLE_STORIES: readonly SampleStory[] = [
  {
    slug: 'ines-and-tomas-lighthouse',
    key: 'lighthouse',
    labelKey: 'samples.lighthouse',
    preset: { perspective: 'thirdPerson', isR18: 'R18', writingStyle: 'conversation' },
  },
  {
    slug: 'mira-and-sol-night-train',
    key: 'nightTrain',
    labelKey: 'samples.nightTrain',
    preset: { perspective: 'thirdPerson', isR18: 'R18', writingStyle: 'conversation' },
  },
  {
    slug: 'you-and-the-dragon-keeper',
    key: 'dragonKeeper',
    labelKey: 'samples.dragonKeeper',
    preset: { perspective: 'secondPerson', isR18: 'R18', writingStyle: 'conversation' },
  },
];

export const findSample = (slug: string): SampleStory | undefined => SAMPLE_STORIES.find((story) => story.slug === slug);
