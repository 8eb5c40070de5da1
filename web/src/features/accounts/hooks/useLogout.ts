import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { withOverlay } from '../../../components/ui/LoadingOverlay';
import { paths } from '../../../lib/paths';
import { logout } from '../api/logout';
import { session } from '../../../lib/session';

/**
 * Logout (SPEC.md section 6), of this device or with `everywhere` of every one:
 * revoke the session on the server (a failure
 * is only logged), clear all local storage and the query cache, go to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (options: { everywhere?: boolean } = {}) =>
      withOverlay(async () => {
        try {
          await logout(session.refreshToken(), options.everywhere ?? false);
        } catch (error) {
          console.warn('logout request failed; clearing the session anyway', error);
        }
        session.clear();
        await navigate(paths.login, { replace: true });
        queryClient.clear();
      }),
    [navigate, queryClient],
  );
}
