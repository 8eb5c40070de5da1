import { EMAIL_PATTERN } from './constants';

/**
 * One account per real address (issue 18). Every e-mail the server or the web
 * app looks up, stores or counts goes through `normalizeEmail` first:
 *
 * - characters no one can see or type on purpose are refused, not stripped:
 *   control and format characters (zero-width space, joiners, BOM, bidi marks,
 *   soft hyphen) and every default-ignorable code point;
 * - NFKC folds full-width and compatibility forms (`ａdmin`, `ｅｘａｍｐｌｅ`, `＠`);
 * - a full Unicode lower-casing, then the dot above left by `İ` is dropped so
 *   `ALİCE` and `alice` are one address (NFC again afterwards);
 * - trailing dots of the domain are removed (`example.com.` is `example.com`).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** What only a display name, a quoted local part, a comment or a list of addresses contains. */
const NOT_BARE = /["<>(),;:\\[\]]/;

export type EmailProblem = 'invisible' | 'not-bare' | 'format';

/** The 400 messages of each problem (the contract's Email field and the web form say the same). */
export const EMAIL_PROBLEM_MESSAGES: Record<EmailProblem, string> = {
  invisible: 'invisible characters are not allowed',
  'not-bare': 'enter the address alone, like name@example.com (no name, quotes, angle brackets, commas or semicolons)',
  format: 'invalid email!',
};

export function normalizeEmail(input: string): { ok: true; email: string } | { ok: false; problem: EmailProblem } {
  // ASCII blanks around the address are fine; trim() alone would silently eat a BOM.
  const trimmed = input.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (INVISIBLE.test(trimmed)) return { ok: false, problem: 'invisible' };
  const folded = trimmed
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/([ij])\u0307/g, '$1')
    .normalize('NFC');
  if (INVISIBLE.test(folded)) return { ok: false, problem: 'invisible' };
  if (NOT_BARE.test(folded)) return { ok: false, problem: 'not-bare' };
  const at = folded.lastIndexOf('@');
  const email = at < 0 ? folded : folded.slice(0, at + 1) + folded.slice(at + 1).replace(/\.+$/, '');
  if (!EMAIL_PATTERN.test(email)) return { ok: false, problem: 'format' };
  return { ok: true, email };
}

/** For stored rows (the data migration): invisible characters are removed instead of refused. */
export function normalizeStoredEmail(input: string): string | null {
  const stripped = input.replace(new RegExp(INVISIBLE.source, 'gu'), '');
  const result = normalizeEmail(stripped);
  return result.ok ? result.email : null;
}

/**
 * The inbox an address delivers to, for the invitation reward only (never for login or uniqueness):
 * `+tags` are dropped and dots in the local part ignored (Gmail-style), `googlemail.com` is `gmail.com`.
 * Folding a few distinct inboxes together only costs a reward; not folding lets one inbox farm them.
 */
export function rewardInbox(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.toLowerCase();
  const local = email.slice(0, at).toLowerCase().split('+')[0]!.replace(/\./g, '');
  const domain = email.slice(at + 1).toLowerCase();
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
