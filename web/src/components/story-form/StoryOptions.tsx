import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@butterfic/contract/client';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Perspective, Preference, WritingStyle } from '../../lib/article-draft';
import { ChoiceGroup } from './ChoiceGroup';
import './story-form.css';

/**
 * The "Options" card shared by the generation form and the new persona form:
 * perspective, rating (with its note), writing style and language.
 */
export function StoryOptions({
  perspective,
  isR18,
  writingStyle,
  language,
  languageLegend,
  spicyNote,
  onPerspective,
  onPreference,
  onWritingStyle,
  onLanguage,
}: {
  perspective: Perspective;
  isR18: Preference;
  writingStyle: WritingStyle;
  language: Language;
  languageLegend: string;
  spicyNote?: ReactNode;
  onPerspective: (value: Perspective) => void;
  onPreference: (value: Preference) => void;
  onWritingStyle: (value: WritingStyle) => void;
  onLanguage: (value: Language) => void;
}) {
  const { t } = useTranslation();
  const optionsId = useId();
  return (
    <section className="create-card create-options" aria-labelledby={optionsId}>
      <h2 id={optionsId} className="create-card-title">
        {t('create.options')}
      </h2>
      <ChoiceGroup<Perspective>
        legend={t('create.perspective')}
        value={perspective}
        onChange={onPerspective}
        choices={[
          { value: 'firstPerson', label: t('create.firstPerson'), hint: t('create.firstPersonHint') },
          { value: 'secondPerson', label: t('create.secondPerson'), hint: t('create.secondPersonHint') },
          { value: 'thirdPerson', label: t('create.thirdPerson'), hint: t('create.thirdPersonHint') },
        ]}
      />
      <ChoiceGroup<Preference>
        legend={t('create.preference')}
        value={isR18}
        onChange={onPreference}
        note={spicyNote}
        choices={[
          { value: 'notR18', label: t('create.general') },
          { value: 'R18', label: t('create.spicy') },
        ]}
      />
      <ChoiceGroup<WritingStyle>
        legend={t('create.style')}
        value={writingStyle}
        onChange={onWritingStyle}
        choices={[
          { value: 'description', label: t('create.moreDescription') },
          { value: 'conversation', label: t('create.moreDialogue') },
        ]}
      />
      <ChoiceGroup<Language>
        legend={languageLegend}
        value={language}
        onChange={onLanguage}
        wrap
        choices={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang], lang }))}
      />
    </section>
  );
}
