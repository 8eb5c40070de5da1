import { STATUS } from '@butterfic/contract/client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/Toasts';
import { useConfirmAdult } from '../../../lib/account/confirm-adult';
import { hasCode } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import type { ArticleDraft, Preference } from '../../../lib/article-draft';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useGenerateNovel } from '../api/generate-novel';
import { GENERATE_DEBOUNCE_MS, serverFieldErrors, toGenerateRequest, type FieldErrors } from '../../../components/story-form/draft';

type AgeRequest = { reason: 'choose' } | { reason: 'generate'; draft: ArticleDraft };

/**
 * The generation flow after the form is valid: the 18+ confirmation when a
 * spicy story needs it, the request (debounced, one at a time), and every
 * answer: the works list on success, the insufficient-Butter dialog (305001),
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
  const confirm = useConfirmAdult();
  const [age, setAge] = useState<AgeRequest | null>(null);
  const [noButter, setNoButter] = useState(false);
  const lastPress = useRef(0);

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
        if (hasCode(error, STATUS.forbidden) && draft.isR18 === 'R18' && adultConfirmed !== true) {
          setAge({ reason: 'generate', draft });
        }
        if (hasCode(error, STATUS.invalidInput) && error instanceof ApiError) onFieldErrors(serverFieldErrors(error.data));
      },
    });
  };

  return {
    busy: generate.isPending || confirm.isPending,
    /** Sends a valid, settled draft; false when the tap was swallowed by the debounce or a running request. */
    start(draft: ArticleDraft): boolean {
      const now = Date.now();
      if (generate.isPending || confirm.isPending || now - lastPress.current < GENERATE_DEBOUNCE_MS) return false;
      lastPress.current = now;
      if (draft.isR18 === 'R18' && adultConfirmed === false) setAge({ reason: 'generate', draft });
      else send(draft);
      return true;
    },
    /** Choosing Spicy without the confirmation: ask first. */
    askAge: () => setAge({ reason: 'choose' }),
    age: {
      open: age !== null,
      pending: confirm.isPending,
      error: confirm.error,
      onConfirm() {
        if (confirm.isPending || !age) return;
        confirm.mutate(undefined, {
          onSuccess: () => {
            setAge(null);
            onPreference('R18');
            if (age.reason === 'generate') send({ ...age.draft, isR18: 'R18' });
          },
        });
      },
      onCancel() {
        setAge(null);
        confirm.reset();
        onPreference('notR18');
      },
    },
    noButter: { open: noButter, onOpenChange: setNoButter },
  };
}
