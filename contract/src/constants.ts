/** Plain constants shared by server and web (no zod: the web bundle imports this without the schemas). */
export const PAGE_SIZE = 20;

/** SPEC.md section 5: the simple e-mail form. */
/**
 * A plain addr-spec (issue 25): no display name, quotes, angle brackets, comments, commas, semicolons,
 * colons, backslashes or square brackets, so one address is one inbox and a mailer cannot read a list.
 */
export const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_RESEND_SECONDS = 60;

export const GENERATE_COST = 6;
export const CONTINUE_COST = 3;
export const TITLE_LENGTH = 12;
export const GENERATE_STATUSES = ['generating', 'continuing', 'done', 'failed'] as const;
export type GenerateStatus = (typeof GENERATE_STATUSES)[number];
export const WRITERS = ['offline', 'openai', 'llamacpp'] as const;

/** Posts: the longest title and text accepted (characters). */
export const POST_TITLE_MAX = 120;
export const POST_CONTENT_MAX = 200_000;
/** List rows show this many characters of a post's text. */
export const POST_EXCERPT_LENGTH = 160;
/** SPEC.md section 1: users must be at least this old (or the local minimum age for digital services). */
export const MIN_AGE = 13;
/** SPEC.md section 1: when the user agreement and privacy policy were last changed (ISO date). */
export const POLICY_UPDATED = '2025-03-25';

/** Story memory (docs/decisions/0033-story-memory.md): sizes the form and the server share. */
export const MEMORY_MAX = 4000;
export const AUTHOR_NOTE_MAX = 400;
export const PINNED_FACTS_MAX = 12;
export const PINNED_FACT_MAX = 200;
