import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { EMAIL_PROBLEM_MESSAGES, normalizeEmail } from './email';
import { LANGUAGES } from './languages';

export { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, VERIFICATION_CODE_LENGTH, VERIFICATION_RESEND_SECONDS } from './constants';

/**
 * SPEC.md section 5: the simple e-mail form, normalised once here (contract/src/email.ts) so
 * lookups, uniqueness and rate-limit keys all see one form per real address.
 */
export const Email = z
  .string()
  .max(320)
  .transform((value, ctx) => {
    const result = normalizeEmail(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: EMAIL_PROBLEM_MESSAGES[result.problem] });
      return z.NEVER;
    }
    return result.email;
  })
  .pipe(z.string().max(254, 'invalid email!'));
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const LanguageSchema = z.enum(LANGUAGES);
export const VerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'the code has 6 digits');

/** POST /user/create/ */
export const CreateUserBody = z.object({
  email: Email,
  password: Password,
  gender: z.enum(['female', 'male', 'other']).default('female'),
  language: LanguageSchema.optional(),
  name: z.string().trim().min(1).max(40).optional(),
  /** Another user's invitation code: the new account starts with 6+8 Butter (CONTRACT.md section 5). */
  invitation_code: z.string().trim().max(64).optional(),
  /**
   * The web app's sign-up checkbox confirming the minimum age (13, SPEC.md section 1). Optional: a
   * client built to SPEC.md section 7 sends only email, password and gender, and its login screen's
   * agreement checkbox (the agreement states the minimum age) is the confirmation. An explicit "no"
   * (false, 0) is refused.
   */
  age_confirmed: z
    .union([z.literal(true), z.literal(1), z.literal('true'), z.literal('1'), z.literal('on')], {
      message: 'confirm that you are at least 13 years old',
    })
    .optional(),
});
export const CreateUserResult = z.object({
  uid: z.string(),
  email: z.string(),
  verification_required: z.boolean(),
});

/** POST /user/login/ */
export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX) });
export const Tokens = z.object({ access: z.string(), refresh: z.string() });
export const LoginResult = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  language: LanguageSchema,
  tokens: Tokens,
});
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * POST /user/refresh_token/: SPEC.md's client sends `refresh` alone, keeps the token it got at login and
 * sends it again at every refresh: that token keeps working for its whole life (REFRESH_TOKEN_TTL) and
 * the answer's `refresh` is the same token. A client that sends `rotate: true` (the web app) gets a new
 * refresh token every time, and a used one presented again later ends the session (replay detection).
 */
export const RefreshBody = z.object({ refresh: z.string().min(10).max(200), rotate: z.boolean().optional() });
export const RefreshResult = z.object({ access: z.string(), refresh: z.string() });

/**
 * POST /user/logout/: ends the refresh token's session (its whole family and the access
 * tokens issued for it); `everywhere: true` ends every session of the account.
 */
export const LogoutBody = z.object({ refresh: z.string().max(200).optional(), everywhere: z.boolean().optional() });

/** POST /user/change-password/ (signed in): the other sessions end, this one stays. */
export const ChangePasswordBody = z.object({ old_password: z.string().min(1).max(PASSWORD_MAX), new_password: Password });

/** POST /user/send-reset-code/: mails a password-reset code (same cooldown and limits as verification codes). */
export const SendResetCodeBody = z.object({ email: Email });

/** POST /user/reset-password/: the mailed code and a new password; every session ends, the address counts as verified. */
export const ResetPasswordBody = z.object({ email: Email, code: VerificationCode, password: Password });

/** GET /user/info/ */
export const UserInfoQuery = z.object({ uid: z.string().max(64).optional() });
export const UserInfo = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  language: LanguageSchema,
  balance: z.number().int(),
  /** Butter owed after a refund or lost dispute (0 normally): the next purchase, grant or code pays it first; no spending until then. */
  debt: z.number().int(),
  invitation_code: z.string(),
  email_verified: z.boolean(),
  /** Epoch seconds when the account confirmed being 18 or older; null if never. */
  adult_confirmed_at: z.number().int().nullable(),
  created_time: z.number().int(),
  /** Epoch seconds until which a time pass makes generation free; null without one. */
  pass_expires_at: z.number().int().nullable(),
  /** The account's e-mail is in ADMIN_EMAILS: the operator console at /admin is open to it. */
  is_admin: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** POST /user/modify/: the e-mail cannot be changed here (sent back unchanged by the client). */
export const ModifyUserBody = z.object({
  email: z.string().optional(),
  name: z.string().trim().min(1).max(40).optional(),
  language: LanguageSchema.optional(),
});

/** POST /user/send-verification-code/ */
export const SendCodeBody = z.object({ email: Email });
export const SendCodeResult = z.object({ resend_after: z.number().int() });

/** POST /user/verify-code/ */
export const VerifyCodeBody = z.object({ email: Email, code: VerificationCode });
export const VerifyCodeResult = z.object({ verified: z.literal(true) });

/** POST /user/confirm-adult/: the account confirms it is 18 or older (the adult gate). */
export const ConfirmAdultBody = z.object({ confirm: z.literal(true) });
export const ConfirmAdultResult = z.object({ adult_confirmed_at: z.number().int() });

export const EmptyResult = z.object({});
