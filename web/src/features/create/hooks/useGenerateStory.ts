import { STATUS } from '@butterfic/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/Toasts';
import { hasCode } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import type { ArticleDraft, Preference } from '../../../lib/article-draft';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useGenerateNovel } from '../api/generate-novel';
import { serverFieldErrors, toGenerateRequest, type FieldErrors } from '../../../components/story-form/draft';
import { useAgeGatedSubmit } from '../../../components/story-form/useAgeGatedSubmit';

/**
 * The generation flow after the form is valid: the 18+ confirmation when a
 * spicy story needs it and the debounced request (components/story-form/useAgeGatedSubmit),
 * and every answer: the works list on success, the insufficient-Butter dialog (305001),
 * the server's message and the age confirmation (403001), field prompts (400001).
 *
 * `adultConfirmed` is null while unknown (the user info is loading).
 */
export function useGenerateStory({
  adultConfirmed,
  onPreference,
  onFieldErrors,
}: {
  adultConfirmed: boolean | null;
  onPreference: (preference: Preference) => void;
  onFieldErrors: (errors: FieldErrors) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const generate = useGenerateNovel();
  const [noButter, setNoButter] = useState(false);

  const send = (draft: ArticleDraft) => {
    generate.mutate(toGenerateRequest(draft), {
      onSuccess: () => {
        toast(t('create.started'));
        void navigate(paths.works);
      },
      onError: (error) => {
        if (hasCode(error, STATUS.insufficientButter)) {
          setNoButter(true);
          return;
        }
        toast(errorMessage(error, t), 'error');
        if (hasCode(error, STATUS.forbidden)) gate.askAfterRefusal(draft);
        if (hasCode(error, STATUS.invalidInput) && error instanceof ApiError) onFieldErrors(serverFieldErrors(error.data));
      },
    });
  };
  const gate = useAgeGatedSubmit<ArticleDraft>({ adultConfirmed, sending: generate.isPending, send, onPreference });

  return {
    busy: gate.busy,
    /** Sends a valid, settled draft; false when the tap was swallowed by the debounce or a running request. */
    start: gate.submit,
    /** Choosing Spicy without the confirmation: ask first. */
    askAge: () => gate.choosePreference('R18'),
    age: gate.age,
    noButter: { open: noButter, onOpenChange: setNoButter },
  };
}
