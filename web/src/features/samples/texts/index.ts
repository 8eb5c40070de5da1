import type { Language } from '@butterfic/contract';
import type { ArticleDraft } from '../../../lib/article-draft';
import type { SampleStory, SampleText, SampleTexts } from '../stories';
import { en } from './en';
import { ja } from './ja';
import { ko } from './ko';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

/** The three samples in each of the five languages. */
export const SAMPLE_TEXTS: Record<Language, SampleTexts> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, ko, ja };

export const sampleText = (story: SampleStory, lang: Language): SampleText => SAMPLE_TEXTS[lang][story.key];

/**
 * The draft "Generate another one" stores: English (SPEC.md's preset) unless the reader picked a
 * language for the sample, then that language's words and that generation language.
 */
export function sampleDraft(story: SampleStory, picked: Language | null): ArticleDraft {
  const lang = picked ?? 'en';
  return { ...sampleText(story, lang).draft, ...story.preset, selectedLanguageForGen: lang };
}

/** Minutes to read a sample: 220 words a minute in English, 500 characters a minute in Chinese, Japanese and Korean. */
export function readingMinutes(story: SampleStory, lang: Language): number {
  const text = sampleText(story, lang).scenes.flat().join('\n');
  const amount = lang === 'en' ? text.split(/\s+/).filter(Boolean).length / 220 : text.replace(/\s/g, '').length / 500;
  return Math.max(1, Math.round(amount));
}
