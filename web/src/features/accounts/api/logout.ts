import { api } from '../../../lib/api-client';

/** How long logout waits for the server before clearing the session anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * POST /user/logout/: revokes the refresh token's family on the server. The
 * refresh token identifies the session, so the call is anonymous: an expired
 * access token must not trigger a refresh (which would rotate the very token
 * being revoked) or a redirect. `everywhere` ends every session of the account
 * (and the access tokens of all of them).
 */
export const logout = (refresh: string | null, everywhere = false) =>
  api.post<Record<string, never>>('/user/logout/', refresh ? { refresh, ...(everywhere && { everywhere }) } : {}, {
    anonymous: true,
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
