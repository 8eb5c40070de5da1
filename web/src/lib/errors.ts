import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './api-client';

/**
 * The sentence to show for a failed call: the server's own message (already in
 * the user's language through Accept-Language), the network text when no answer
 * came, else the translated "unknown error".
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('errors.network');
    if (error.message.trim()) return error.message;
  }
  return t('errors.unknown');
}
