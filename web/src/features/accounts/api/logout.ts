import { api } from '../../../lib/api-client';

/** How long logout waits for the server before clearing the session anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * POST /user/logout/: revokes the refresh token's family on the server. The
 * refresh token identifies the session, so the call is anonymous: an expired
 * access token must not trigger a refresh (which would rotate the very token
 * being revoked) or a redirect.
 */
export const logout = (refresh: string | null) =>
  api.post<Record<string, never>>('/user/logout/', refresh ? { refresh } : {}, {
    anonymous: true,
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
