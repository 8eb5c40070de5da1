import { STATUS } from '@butterfic/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { ApiError } from '../../../lib/api-client';
import type { Preference } from '../../../lib/article-draft';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { userInfoQueryOptions } from '../../../lib/account/user-info';
import { hasCode } from '../../../lib/form-errors';
import { applyFill } from '../../../components/story-form/cards/apply';
import { CardImport } from '../../../components/story-form/cards/CardImport';
import type { CardFill } from '../../../components/story-form/cards/fill';
import { AgeConfirmDialog } from '../../../components/story-form/AgeConfirmDialog';
import { CharacterPair } from '../../../components/story-form/CharacterFields';
import { FieldError } from '../../../components/story-form/FieldError';
import { StoryOptions } from '../../../components/story-form/StoryOptions';
import { useAgeGatedSubmit } from '../../../components/story-form/useAgeGatedSubmit';
import { useCreatePersona } from '../api/create-persona';
import {
  PERSONA_LIMITS,
  personaServerErrors,
  toPersonaInput,
  validatePersona,
  type PersonaErrors,
  type PersonaField,
  type PersonaFormValues,
} from '../persona-form';
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
  const navigate = useNavigate();
  const ids = { characterA: useId(), characterB: useId(), description: useId(), tags: useId() } satisfies Record<PersonaField, string>;
  const plotId = useId();
  const descriptionErrorId = useId();
  const descriptionHintId = useId();
  const tagsErrorId = useId();
  const tagsHintId = useId();
  const user = useQuery(userInfoQueryOptions());
  const create = useCreatePersona();

  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<PersonaErrors>({});

  const adultConfirmed = user.data ? user.data.adult_confirmed_at !== null : null;
  const errors: PersonaErrors = { ...serverErrors, ...(submitted ? validatePersona(values) : {}) };
  const message = (field: PersonaField) => (errors[field] ? t(errors[field]) : null);

  const update = (patch: Partial<PersonaFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as PersonaField];
      return next;
    });
  };

  const onCards = (fill: CardFill): string[] => {
    const { patch, notes } = applyFill(fill, values, adultConfirmed);
    update(patch);
    return notes.map((key) => t(key, { tags: patch.tags ?? '' }));
  };

  const save = (toSave: PersonaFormValues) => {
    create.mutate(toPersonaInput(toSave), {
      onSuccess: (persona) => {
        toast(t('newPersona.published'));
        void navigate(paths.persona(persona.uid), { replace: true });
      },
      onError: (error) => {
        toast(errorMessage(error, t), 'error');
        if (hasCode(error, STATUS.forbidden)) gate.askAfterRefusal(toSave);
        if (hasCode(error, STATUS.invalidInput) && error instanceof ApiError) setServerErrors(personaServerErrors(error.data));
      },
    });
  };

  const gate = useAgeGatedSubmit<PersonaFormValues>({
    adultConfirmed,
    sending: create.isPending,
    send: save,
    onPreference: (isR18) => update({ isR18 }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = validatePersona(values);
    const first = (Object.keys(ids) as PersonaField[]).find((field) => problems[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    gate.submit(values);
  };

  const choosePreference = (preference: Preference) => gate.choosePreference(preference);

  const busy = gate.busy;
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
      <AgeConfirmDialog {...gate.age} />
    </>
  );
}
