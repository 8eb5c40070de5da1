import type { Language } from '@butterfic/contract';
import { useCallback } from 'react';
import { changeLanguage } from '../../../lib/i18n';
import { useModifyUser } from '../api/modify-user';
import { session } from '../../../lib/session';

/** SPEC.md section 7: /user/modify/ carries email, name and language together (the name unchanged here). */
export const languageChangeBody = (info: { email: string; name?: string }, language: Language) => ({
  email: info.email,
  ...(info.name?.trim() && { name: info.name.trim() }),
  language,
});

/**
 * Applies a language at once and stores it locally; when logged in, also saves
 * it on the account (a failure is only logged: the local choice still holds).
 */
export function useChooseLanguage() {
  const { mutate } = useModifyUser();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      const info = session.userInfo();
      if (!session.isLoggedIn() || !info?.email) return;
      mutate(languageChangeBody(info, language), {
        onError: (error) => console.warn('saving the language on the account failed', error),
      });
    },
    [mutate],
  );
}
