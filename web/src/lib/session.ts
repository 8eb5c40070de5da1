import type { Language, LoginResult } from '@butterfic/contract';
import { STORAGE_KEYS, storage, type UserInfo } from './storage';

/** The locally kept session (SPEC.md section 3): tokens and the short user info. Never the password. */
export const session = {
  isLoggedIn: (): boolean => Boolean(storage.get(STORAGE_KEYS.accessToken)),
  refreshToken: (): string | null => storage.get(STORAGE_KEYS.refreshToken),
  userInfo: (): UserInfo | null => storage.getJson<UserInfo>(STORAGE_KEYS.userInfo),

  save(result: LoginResult): void {
    storage.set(STORAGE_KEYS.accessToken, result.tokens.access);
    storage.set(STORAGE_KEYS.refreshToken, result.tokens.refresh);
    session.saveUserInfo(result);
  },

  saveUserInfo({ uid, name, email, language }: { uid: string; name: string; email: string; language: Language }): void {
    const info: UserInfo = { uid, name, email, language };
    storage.setJson(STORAGE_KEYS.userInfo, info);
  },

  /** Logout: SPEC.md section 6 clears all local storage. */
  clear: (): void => storage.clearAll(),
};
