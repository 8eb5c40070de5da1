import { STATUS } from '@butterfic/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CardFill } from '../../../components/story-form/cards/fill';
import { applyFill } from '../../../components/story-form/cards/apply';
import { useAgeGatedSubmit } from '../../../components/story-form/useAgeGatedSubmit';
import { toast } from '../../../components/ui/Toasts';
import { userInfoQueryOptions } from '../../../lib/account/user-info';
import { ApiError } from '../../../lib/api-client';
import type { Preference } from '../../../lib/article-draft';
import { errorMessage } from '../../../lib/errors';
import { hasCode } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useCreatePersona } from '../api/create-persona';
import {
  personaServerErrors,
  toPersonaInput,
  validatePersona,
  type PersonaErrors,
  type PersonaField,
  type PersonaFormValues,
} from '../persona-form';

/**
 * The persona form's state: the values (typed, or filled from character cards), the field errors
 * (after the first submit, and the server's), and the age-gated publish (the story form's gate).
 * `fieldIds` are the inputs to focus, in order, when a submit finds a problem.
 */
export function usePersonaForm(initial: PersonaFormValues, fieldIds: Record<PersonaField, string>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  const submit = () => {
    setSubmitted(true);
    const problems = validatePersona(values);
    const first = (Object.keys(fieldIds) as PersonaField[]).find((field) => problems[field]);
    if (first) {
      document.getElementById(fieldIds[first])?.focus();
      return;
    }
    gate.submit(values);
  };

  const choosePreference = (preference: Preference) => gate.choosePreference(preference);

  const busy = gate.busy;
  return { values, update, adultConfirmed, errors, message, onCards, submit, choosePreference, busy, age: gate.age };
}
