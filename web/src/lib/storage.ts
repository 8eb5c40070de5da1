/**
 * Every local-storage key the app uses (SPEC.md section 3), in one place.
 * Reads never throw: a blocked or corrupt store behaves as empty.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userInfo: 'user_info',
  lastEmail: 'last_email',
  /** Named by SPEC.md; deliberately never written (see docs/decisions/0004-client-auth-rules.md). */
  lastPassword: 'last_password',
  userEmail: 'user_email',
  verificationCodeEndTime: 'verificationCodeEndTime',
  articleDraft: 'articleDraft',
  language: 'language',
  savedArticlePrefix: 'saved_article:',
  /** The post form's text in progress, per novel (or per post being edited, or `new`). */
  savedPostPrefix: 'saved_post:',
  /** 'on' when this reader reads Chinese stories converted to their own script (繁體 ⇄ 简体). */
  scriptConversion: 'script_conversion',
  /** 'vertical' when this reader reads Japanese and Traditional Chinese stories in vertical writing (縦書き / 直排). */
  readingLayout: 'reading_layout',
  /** 'on' when the author wants each new chapter checked for continuity (issue 50). */
  continuityAfterChapter: 'continuity_after_chapter',
} as const;

export type UserInfo = {
  uid: string;
  name: string;
  email: string;
  language: string;
};

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch (error) {
      console.warn(`stored ${key} is not valid JSON`, error);
      return null;
    }
  },
  setJson: (key: string, value: unknown): void => storage.set(key, JSON.stringify(value)),
  /** Logout: SPEC.md section 6 says all local storage is cleared. */
  clearAll: (): void => safe(() => window.localStorage.clear(), undefined),
};

export const savedArticleKey = (novelUid: string) => `${STORAGE_KEYS.savedArticlePrefix}${novelUid}`;
