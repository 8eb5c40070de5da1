import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AgeConfirmDialog } from '../../../components/story-form/AgeConfirmDialog';
import { CardImport } from '../../../components/story-form/cards/CardImport';
import { CharacterPair } from '../../../components/story-form/CharacterFields';
import { FieldError } from '../../../components/story-form/FieldError';
import { StoryOptions } from '../../../components/story-form/StoryOptions';
import { Button } from '../../../components/ui/Button';
import { usePersonaForm } from '../hooks/usePersonaForm';
import { PERSONA_LIMITS, type PersonaField, type PersonaFormValues } from '../persona-form';
import '../../../components/story-form/story-form.css';
import '../personas-form.css';

/**
 * /persona/new: the user's own persona, written by hand or imported from one
 * or two character cards, reviewed, then published (POST /persona/create/).
 * Spicy (18+) asks for the account's age confirmation first, as on the
 * generation form; the server's safety check decides on save.
 */
export function PersonaForm({ initial }: { initial: PersonaFormValues }) {
  const { t } = useTranslation();
  const ids = { characterA: useId(), characterB: useId(), description: useId(), tags: useId() } satisfies Record<PersonaField, string>;
  const plotId = useId();
  const descriptionErrorId = useId();
  const descriptionHintId = useId();
  const tagsErrorId = useId();
  const tagsHintId = useId();
  const { values, update, adultConfirmed, errors, message, onCards, submit, choosePreference, busy, age } = usePersonaForm(initial, ids);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  const spicyNote = values.isR18 === 'R18' && adultConfirmed !== true ? t('newPersona.spicyNote') : undefined;

  return (
    <>
      <form className="create-form persona-form" onSubmit={onSubmit} noValidate aria-label={t('newPersona.title')}>
        <CardImport names={{ nameA: values.characterA, nameB: values.characterB }} onFill={onCards} />
        <CharacterPair values={values} perspective={values.perspective} ids={ids} error={message} onChange={update} />

        <div className="create-card field">
          <label className="create-card-title" htmlFor={plotId}>
            {t('newPersona.plotOptional')}
          </label>
          <textarea
            id={plotId}
            className="input textarea textarea--plot"
            rows={4}
            value={values.plot}
            maxLength={PERSONA_LIMITS.plot}
            placeholder={t('create.plotPlaceholder')}
            onChange={(e) => update({ plot: e.target.value })}
          />
        </div>

        <div className="create-card persona-card-fields">
          <div className="field">
            <label className="create-card-title" htmlFor={ids.description}>
              {t('newPersona.description')}
              <span className="required-mark" aria-hidden="true">
                *
              </span>
            </label>
            <p id={descriptionHintId} className="field-hint">
              {t('newPersona.descriptionHint')}
            </p>
            <textarea
              id={ids.description}
              className="input textarea"
              rows={3}
              value={values.description}
              maxLength={PERSONA_LIMITS.description}
              placeholder={t('newPersona.descriptionPlaceholder')}
              onChange={(e) => update({ description: e.target.value })}
              aria-required="true"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${descriptionErrorId} ${descriptionHintId}` : descriptionHintId}
            />
            <FieldError id={descriptionErrorId} message={message('description')} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.tags}>
              {t('newPersona.tags')}
            </label>
            <input
              id={ids.tags}
              className="input"
              value={values.tags}
              maxLength={PERSONA_LIMITS.tags * (PERSONA_LIMITS.tag + 2)}
              autoComplete="off"
              placeholder={t('newPersona.tagsPlaceholder')}
              onChange={(e) => update({ tags: e.target.value })}
              aria-invalid={errors.tags ? true : undefined}
              aria-describedby={errors.tags ? tagsErrorId : tagsHintId}
            />
            {errors.tags ? (
              <FieldError id={tagsErrorId} message={message('tags')} />
            ) : (
              <p id={tagsHintId} className="field-hint">
                {t('newPersona.tagsHint')}
              </p>
            )}
          </div>
        </div>

        <StoryOptions
          perspective={values.perspective}
          isR18={values.isR18}
          writingStyle={values.writingStyle}
          language={values.language}
          languageLegend={t('newPersona.language')}
          spicyNote={spicyNote}
          onPerspective={(perspective) => update({ perspective })}
          onPreference={choosePreference}
          onWritingStyle={(writingStyle) => update({ writingStyle })}
          onLanguage={(language) => update({ language })}
        />

        <div className="generate-bar">
          <Button type="submit" block className="generate-button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" />
                {t('newPersona.publishing')}
              </>
            ) : (
              t('newPersona.publish')
            )}
          </Button>
        </div>
      </form>
      <AgeConfirmDialog {...age} />
    </>
  );
}
