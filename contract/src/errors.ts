/**
 * The error table of CONTRACT.md section 3: every non-zero status_code with the
 * HTTP status that carries it. Server and web both import it.
 */
export const ERROR_CODES = {
  invalidInput: { code: 400001, http: 400 },
  tokenExpired: { code: 301005, http: 401 },
  tokenInvalid: { code: 301003, http: 401 },
  wrongPassword: { code: 301001, http: 401 },
  emailNotVerified: { code: 301007, http: 403 },
  accountBlocked: { code: 301006, http: 403 },
  forbidden: { code: 403001, http: 403 },
  accountNotFound: { code: 301004, http: 404 },
  notFound: { code: 404001, http: 404 },
  emailTaken: { code: 301002, http: 409 },
  insufficientButter: { code: 305001, http: 402 },
  codeUnknown: { code: 302001, http: 400 },
  codeUsedUp: { code: 302002, http: 400 },
  codeExpired: { code: 302003, http: 400 },
  codeOwn: { code: 302004, http: 400 },
  codeAlreadyUsedOne: { code: 302005, http: 400 },
  verificationFailed: { code: 301008, http: 400 },
  rateLimited: { code: 429001, http: 429 },
  internal: { code: 500001, http: 500 },
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorName]['code'];

export const STATUS = Object.fromEntries(Object.entries(ERROR_CODES).map(([name, v]) => [name, v.code])) as {
  [K in ErrorName]: (typeof ERROR_CODES)[K]['code'];
};
