import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Perspective } from '../../lib/article-draft';
import { LIMITS } from './draft';
import { FieldError } from './FieldError';
import './story-form.css';

/** One character of the pair: a required name and an optional setting, grouped under the character's role. */
export function CharacterFields({
  legend,
  nameId,
  name,
  setting,
  namePlaceholder,
  settingPlaceholder,
  error,
  onName,
  onSetting,
}: {
  legend: string;
  /** The name input's id, so the form can move focus to it when it is missing. */
  nameId: string;
  name: string;
  setting: string;
  namePlaceholder: string;
  settingPlaceholder: string;
  error: string | null;
  onName: (value: string) => void;
  onSetting: (value: string) => void;
}) {
  const { t } = useTranslation();
  const settingId = useId();
  const errorId = useId();
  return (
    <fieldset className="create-card character-fields">
      <legend className="create-card-title">{legend}</legend>
      <div className="field">
        <label className="field-label" htmlFor={nameId}>
          {t('create.name')}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={nameId}
          className="input"
          value={name}
          maxLength={LIMITS.name}
          autoComplete="off"
          placeholder={namePlaceholder}
          onChange={(e) => onName(e.target.value)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={settingId}>
          {t('create.setting')}
        </label>
        <textarea
          id={settingId}
          className="input textarea"
          rows={4}
          value={setting}
          maxLength={LIMITS.setting}
          placeholder={settingPlaceholder}
          onChange={(e) => onSetting(e.target.value)}
        />
      </div>
    </fieldset>
  );
}

const B_LEGEND: Record<Perspective, string> = {
  firstPerson: 'create.characterBMe',
  secondPerson: 'create.characterBYou',
  thirdPerson: 'create.characterB',
};

type Pair = { characterA: string; settingA: string; characterB: string; settingB: string };

/** The character pair of the generation and persona forms; character B is "me" or "you" by the perspective. */
export function CharacterPair({
  values,
  perspective,
  ids,
  error,
  onChange,
}: {
  values: Pair;
  perspective: Perspective;
  ids: { characterA: string; characterB: string };
  error: (field: 'characterA' | 'characterB') => string | null;
  onChange: (patch: Partial<Pair>) => void;
}) {
  const { t } = useTranslation();
  const you = perspective === 'secondPerson';
  return (
    <div className="create-characters">
      <CharacterFields
        legend={t('create.characterA')}
        nameId={ids.characterA}
        name={values.characterA}
        setting={values.settingA}
        namePlaceholder={t('create.namePlaceholderA')}
        settingPlaceholder={t('create.settingPlaceholderA')}
        error={error('characterA')}
        onName={(characterA) => onChange({ characterA })}
        onSetting={(settingA) => onChange({ settingA })}
      />
      <CharacterFields
        legend={t(B_LEGEND[perspective])}
        nameId={ids.characterB}
        name={values.characterB}
        setting={values.settingB}
        namePlaceholder={t(you ? 'create.namePlaceholderYou' : 'create.namePlaceholderB')}
        settingPlaceholder={t(you ? 'create.settingPlaceholderYou' : 'create.settingPlaceholderB')}
        error={error('characterB')}
        onName={(characterB) => onChange({ characterB })}
        onSetting={(settingB) => onChange({ settingB })}
      />
    </div>
  );
}
