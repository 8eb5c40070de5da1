import type { Language } from '@butterfic/contract';
import { useCallback } from 'react';
import { changeLanguage } from '../../../lib/i18n';
import { useModifyUser } from '../api/modify-user';
import { session } from '../session';

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
      // SPEC.md section 7: /user/modify/ carries email, name and language together.
      mutate(
        { email: info.email, name: info.name, language },
        { onError: (error) => console.warn('saving the language on the account failed', error) },
      );
    },
    [mutate],
  );
}
