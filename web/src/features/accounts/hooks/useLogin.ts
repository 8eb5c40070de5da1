import { EMAIL_PATTERN, normalizeEmail, PASSWORD_MIN, STATUS } from '@butterfic/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { changeLanguage } from '../../../lib/i18n';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { createUser, login } from '../api/login';
import type { LoginResult } from '../../../lib/account/types';
import { FormError, hasCode } from '../../../lib/form-errors';
import { session } from '../../../lib/session';

type Credentials = { email: string; password: string; invitationCode?: string };
type Outcome = { kind: 'loggedIn'; user: LoginResult } | { kind: 'verify'; email: string };

async function logIn(credentials: Credentials): Promise<Outcome> {
  try {
    return { kind: 'loggedIn', user: await login(credentials) };
  } catch (error) {
    if (hasCode(error, STATUS.emailNotVerified)) return { kind: 'verify', email: credentials.email };
    throw error;
  }
}

/**
 * SPEC.md sections 4–5: log in; on 301004 register (simple e-mail form and the
 * minimum password length checked first) and log in again; 301007 → /verify.
 */
export async function signIn({ email, password, invitationCode }: Credentials): Promise<Outcome> {
  const credentials = { email: email.trim().toLowerCase(), password };
  // A display name, quotes or a list: say to type the address alone (issue 25), as the server would.
  const checked = normalizeEmail(credentials.email);
  if (!checked.ok && checked.problem === 'not-bare') throw new FormError('login.bareEmail');
  if (!EMAIL_PATTERN.test(credentials.email)) throw new FormError('login.invalidEmail');
  try {
    return await logIn(credentials);
  } catch (error) {
    if (!hasCode(error, STATUS.accountNotFound)) throw error;
  }
  if (password.length < PASSWORD_MIN) throw new FormError('login.passwordTooShort', { min: PASSWORD_MIN });
  try {
    const invitation = invitationCode?.trim();
    // The form's one checkbox confirms the minimum age (13) and the agreement together.
    await createUser({
      ...credentials,
      gender: 'female',
      language: currentLanguage(),
      age_confirmed: true,
      ...(invitation && { invitation_code: invitation }),
    });
  } catch (error) {
    // Registered meanwhile (another tab, a double submit): logging in settles it.
    if (!hasCode(error, STATUS.emailTaken)) throw error;
  }
  return logIn(credentials);
}

/** The login form's submit: stores the session and moves on to /explore or /verify. */
export function useLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => {
      storage.set(STORAGE_KEYS.lastEmail, credentials.email.trim());
      return signIn(credentials);
    },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'verify') {
        storage.set(STORAGE_KEYS.userEmail, outcome.email);
        await navigate(paths.verify);
        return;
      }
      session.save(outcome.user);
      // Every cached answer belonged to the previous viewer (favourites, adult personas): start afresh.
      queryClient.removeQueries();
      await changeLanguage(outcome.user.language);
      await navigate(paths.explore, { replace: true });
    },
  });
}
