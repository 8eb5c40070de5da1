/**
 * Every rate limit and cap of the app, in one table (README lists it). Fixed windows are counted in
 * `rate_limits` (lib/rate-limit.ts), shared by every process; one hit over `max` answers 429001 with
 * Retry-After, before anything is charged or written. Client-address limits count per address as
 * TRUST_PROXY resolves it. The caps set by environment variables are listed in `CONFIGURED_CAPS`.
 */
export type Limit = {
  /** Hits allowed in one window. */
  max: number;
  windowSeconds: number;
  /** What is counted, per what (for the README table and the operator). */
  counts: string;
};

/** A post or an edit longer than this counts against `largeTextPerAccount`. */
export const LARGE_TEXT_CHARS = 20_000;

const MINUTES = 60;
const HOUR = 3600;
const DAY = 86400;

export const LIMITS = {
  registerPerIp: { max: 20, windowSeconds: HOUR, counts: 'sign-ups per client address' },
  loginPerIp: { max: 60, windowSeconds: 10 * MINUTES, counts: 'login calls per client address' },
  loginFailuresPerEmailAndIp: {
    max: 10,
    windowSeconds: 10 * MINUTES,
    counts: 'failed logins of one e-mail from one client address (the owner elsewhere is not locked out)',
  },
  loginFailuresPerEmail: { max: 100, windowSeconds: HOUR, counts: 'failed logins of one e-mail from everywhere' },
  sendPerIp: { max: 30, windowSeconds: HOUR, counts: 'verification and reset mails sent per client address' },
  verifyPerIp: { max: 60, windowSeconds: 10 * MINUTES, counts: 'code checks per client address' },
  verifyPerEmail: { max: 10, windowSeconds: 10 * MINUTES, counts: 'code checks per e-mail' },
  codeFailuresPerEmail: {
    max: 20,
    windowSeconds: DAY,
    counts:
      'wrong verification or reset codes for one e-mail from every client address; then the address waits out the day and its owner gets a mail',
  },
  changePasswordPerAccount: { max: 10, windowSeconds: 10 * MINUTES, counts: 'password changes per account' },
  refreshPerAccount: {
    max: 60,
    windowSeconds: 10 * MINUTES,
    counts: 'token refreshes per account (a tab refreshes every ACCESS_TOKEN_TTL, so this is many tabs and retries)',
  },
  codesPerAccount: { max: 20, windowSeconds: 10 * MINUTES, counts: 'redeem and invitation code tries per account' },
  inviteRewardsPerInviter: {
    max: 10,
    windowSeconds: DAY,
    counts: "invitation rewards paid to one inviter (no 429: more invitees still join with their own +8, the inviter's reward is skipped)",
  },
  checkoutPerAccount: { max: 30, windowSeconds: 10 * MINUTES, counts: 'checkout sessions opened per account' },
  personaCreatePerAccount: { max: 30, windowSeconds: HOUR, counts: 'personas published per account' },
  largeTextPerAccount: {
    max: 20,
    windowSeconds: HOUR,
    counts: `posts, post edits and chapter edits longer than ${LARGE_TEXT_CHARS.toLocaleString('en')} characters per account (each is read whole by the safety check)`,
  },
  judgedWritesPerAccount: {
    max: 60,
    windowSeconds: 10 * MINUTES,
    counts:
      'writes the safety judge reads, per account: posts and post edits, persona creations and edits, chapter edits, memory, pinned facts and notes, name changes (so one account cannot fill the judge\'s queue)',
  },
  addUsedPerVisitorAndPersona: {
    max: 1,
    windowSeconds: DAY,
    counts: "a visitor's use of one persona, once a day per client address (an account's once ever: persona_uses)",
  },
  visitorStreamsPerIp: {
    max: 60,
    windowSeconds: 10 * MINUTES,
    counts: 'story streams opened by visitors (not signed in) per client address, an IPv6 /64 as one (accounts: MAX_STREAMS_PER_USER)',
  },
  commentsPerAccount: { max: 30, windowSeconds: 10 * MINUTES, counts: 'comments and replies per account (each is read by the safety check)' },
  reportsPerIp: { max: 10, windowSeconds: HOUR, counts: 'reports per client address' },
  reportsPerEmail: { max: 10, windowSeconds: HOUR, counts: 'reports per contact e-mail' },
} as const satisfies Record<string, Limit>;

/** Story starts (new stories, continuations, chapter rewrites) are counted in this window against MAX_GENERATIONS_PER_HOUR. */
export const GENERATION_WINDOW_SECONDS = HOUR;

/** The caps an operator sets (env.ts reads them; `0` = unlimited). */
export const CONFIGURED_CAPS = {
  MAX_GENERATIONS_PER_HOUR: 'story starts per account per hour (default 60)',
  MAX_LIVE_JOBS_PER_USER: 'queued or running generation jobs per account (default 3)',
  MAX_STREAMS_PER_USER: 'open story streams per account, across processes (default 6)',
} as const;
