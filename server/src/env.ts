import { isIP } from 'node:net';
import path from 'node:path';
import {
  LANGUAGES,
  MIN_AGE_CEILING,
  MIN_AGE_FLOOR,
  normalizeStoredEmail,
  POLICY_UPDATED,
  type Language,
  type MinAges,
} from '@butterfic/contract';
import { z } from 'zod';

/**
 * The only module that reads process.env. Every variable of CONTRACT.md
 * section 2, parsed once; a bad value stops start-up with one line naming it.
 */

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

export function parseDuration(value: string): number | null {
  const match = DURATION.exec(value.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = match[2] as keyof typeof UNIT_SECONDS;
  const seconds = amount * UNIT_SECONDS[unit];
  return seconds > 0 ? seconds : null;
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const seconds = parseDuration(value);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration like 2s, 10m, 1h or 30d` });
        return z.NEVER;
      }
      return seconds;
    });

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** Milliseconds up to a minute (CACHE_MS); unset: undefined. */
const cacheMs = optionalString.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (/^\d+$/.test(v) && Number(v) <= 60_000) return Number(v);
  ctx.addIssue({ code: 'custom', message: 'must be a whole number of milliseconds up to 60000' });
  return z.NEVER;
});

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A proxy address, CIDR range or proxy-addr name (`loopback`, `linklocal`, `uniquelocal`). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts no proxy header (the client address is the socket's);
 * a whole number is a hop count; otherwise a comma-separated list of addresses,
 * CIDRs or proxy-addr names. The value is what Fastify's `trustProxy` accepts.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim();
    if (!text) return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isProxyEntry(e));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a list of addresses, CIDRs, loopback, linklocal or uniquelocal` });
      return z.NEVER;
    }
    return entries;
  });

const postgresUrl = optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustProxy,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: postgresUrl,
    JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
    ACCESS_TOKEN_TTL: duration('15m'),
    REFRESH_TOKEN_TTL: duration('30d'),
    REQUIRE_EMAIL_VERIFICATION: bool(true),
    /** true: every answer is checked by its route's zod schema (the tests set it); false: serialised by the compiled JSON Schema alone. */
    CHECK_ANSWERS: bool(false),
    /** Milliseconds an account lookup or a list page is reused in one process (plugins/cache.ts); 0: nothing is cached. */
    CACHE_MS: cacheMs.transform((v) => v ?? 30_000),
    LLM_PROVIDER: z.enum(['offline', 'openai', 'llamacpp'], { message: 'must be offline, openai or llamacpp' }).default('offline'),
    LLM_BASE_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL'),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_MODEL_PATH: optionalString,
    // A broken chat server cannot hold a job (issue 14): the answer head and first text, and each later chunk, must come in time.
    LLM_FIRST_BYTE_TIMEOUT: duration('60s'),
    LLM_IDLE_TIMEOUT: duration('30s'),
    /** The model's context in tokens: prompts are fitted to it. Unset: 8192 for openai, 4096 for llamacpp (capped at what the model was trained for). */
    LLM_CONTEXT_TOKENS: optionalString.pipe(
      z.coerce.number<string | undefined>({ message: 'must be a whole number of tokens' }).int().min(256).max(10_000_000).optional(),
    ),
    /** Tokens the codex entries named for a chapter may take (issue 49). Unset: a sixth of the model's context. */
    CODEX_TOKENS: optionalString.pipe(
      z.coerce.number<string | undefined>({ message: 'must be a whole number of tokens' }).int().min(0).max(1_000_000).optional(),
    ),
    /** An OpenAI-compatible embeddings model: passages of earlier chapters are also ranked by meaning (issue 49). Unset: text search alone. */
    EMBEDDINGS_MODEL: optionalString,
    /** Where EMBEDDINGS_MODEL is served (unset: LLM_BASE_URL) and its key (unset: LLM_API_KEY). */
    EMBEDDINGS_BASE_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL'),
    EMBEDDINGS_API_KEY: optionalString,
    /** A JSON file of overused phrases by language that replaces ours (generation/prompts/overused). */
    OVERUSED_PHRASES_FILE: optionalString,
    LLM_GPU: z.enum(['false', 'auto', 'cuda', 'vulkan'], { message: 'must be false, auto, cuda or vulkan' }).default('false'),
    GENERATION_WORKERS: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(1000).default(2),
    MAX_LIVE_JOBS_PER_USER: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(1000).default(3),
    MAX_STREAMS_PER_USER: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(1000).default(6),
    MAX_GENERATIONS_PER_HOUR: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(100_000).default(60),
    GENERATION_LEASE_SECONDS: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(3600).default(30),
    OFFLINE_WRITER_CPS: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(1_000_000).default(300),
    /**
     * Unset: `llm` (the story model as judge) with a real model, nothing with the offline writer (its text is
     * ours); `none` turns the judge off (start-up and /health/ warn); `openai`: a /moderations endpoint (issue 46).
     */
    MODERATION_PROVIDER: optionalString.pipe(
      z.enum(['openai', 'llm', 'none'], { message: 'must be llm, openai, none or unset' }).optional(),
    ),
    /** Unset: omni-moderation-latest for `openai`, the story model (LLM_MODEL) for `llm` (safety/index.ts). */
    MODERATION_MODEL: optionalString,
    MODERATION_TIMEOUT: duration('10s'),
    MODERATION_BASE_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL'),
    MODERATION_API_KEY: optionalString,
    /** Judge calls under way at once, across accounts (the rest wait their account's turn). Unset: 8, or 2 for the local model. */
    MODERATION_CONCURRENCY: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(1000).optional(),
    /** The judge's context in tokens (longer texts go in overlapping pieces). Unset: LLM_CONTEXT_TOKENS when the judge is the story model, else 8192. */
    MODERATION_CONTEXT_TOKENS: optionalString.pipe(
      z.coerce.number<string | undefined>({ message: 'must be a whole number of tokens' }).int().min(1024).max(10_000_000).optional(),
    ),
    SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().default('Butterfic <no-reply@butterfic.local>'),
    /** Unset or empty (docker-compose.yml's default): sandbox on a loopback address (npm start), nothing elsewhere (loadEnv; issues 25, 45). */
    PAYMENTS: optionalString.pipe(z.enum(['stripe', 'sandbox'], { message: 'must be stripe or sandbox' }).optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalString.refine(
      (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
      'must be an http(s) base URL like http://127.0.0.1:12111',
    ),
    PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => normalizeStoredEmail(e) ?? e.trim().toLowerCase())
          .filter(Boolean),
      ),
    TAKEDOWN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an e-mail address'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
    // Who runs the service, shown in the user agreement, the privacy policy and the Japanese commerce-law page
    // (docs/decisions/0034). Unset: the pages show the variable's name as a visible placeholder.
    OPERATOR_NAME: optionalString,
    OPERATOR_ADDRESS: optionalString,
    OPERATOR_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an e-mail address'),
    GOVERNING_LAW: optionalString,
    OPERATOR_COMPANY_NUMBER: optionalString,
    PRIVACY_CONTACT: optionalString,
    // Market items of the policy pages (docs/decisions/0054): shown as placeholders while unset.
    OPERATOR_REPRESENTATIVE: optionalString,
    OPERATOR_PHONE: optionalString,
    KR_BUSINESS_NUMBER: optionalString,
    KR_MAIL_ORDER_NUMBER: optionalString,
    KR_PRIVACY_OFFICER: optionalString,
    TW_BUSINESS_NUMBER: optionalString.refine((v) => v === undefined || /^\d{8}$/.test(v), 'must be the 8 digits of a 統一編號'),
    CN_CREDIT_CODE: optionalString.refine(
      (v) => v === undefined || /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(v),
      'must be an 18-character 统一社会信用代码',
    ),
    CN_REPRESENTATIVE: optionalString,
    MIN_AGES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const ages = parseMinAges(value);
        if (typeof ages === 'string') {
          ctx.addIssue({ code: 'custom', message: ages });
          return z.NEVER;
        }
        return ages;
      }),
    POLICY_UPDATED: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-03-25')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date')
      .default(POLICY_UPDATED),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => ctx.addIssue({ code: 'custom', path: [name], message: `is required ${why}` });
    if (env.LLM_PROVIDER === 'openai' && !env.LLM_MODEL) need('LLM_MODEL', 'when LLM_PROVIDER=openai');
    if (env.LLM_PROVIDER === 'openai' && !env.LLM_BASE_URL && !env.LLM_API_KEY)
      need('LLM_BASE_URL', 'when LLM_PROVIDER=openai (or set LLM_API_KEY for api.openai.com)');
    if (env.LLM_PROVIDER === 'llamacpp' && !env.LLM_MODEL_PATH) need('LLM_MODEL_PATH', 'when LLM_PROVIDER=llamacpp');
    if (
      env.MODERATION_PROVIDER === 'openai' &&
      !env.MODERATION_BASE_URL &&
      !env.LLM_BASE_URL &&
      !env.MODERATION_API_KEY &&
      !env.LLM_API_KEY
    )
      need('MODERATION_BASE_URL', 'when MODERATION_PROVIDER=openai (or LLM_BASE_URL, or an API key for api.openai.com)');
    // With llamacpp and no MODERATION_BASE_URL the judge is the local model itself (safety/index.ts).
    const localJudge = env.LLM_PROVIDER === 'llamacpp' && !env.MODERATION_BASE_URL;
    if (env.MODERATION_PROVIDER === 'llm' && !localJudge && !env.MODERATION_MODEL && !env.LLM_MODEL)
      need('MODERATION_MODEL', 'when MODERATION_PROVIDER=llm (or LLM_MODEL)');
    if (
      env.MODERATION_PROVIDER === 'llm' &&
      !localJudge &&
      !env.MODERATION_BASE_URL &&
      !env.LLM_BASE_URL &&
      !env.MODERATION_API_KEY &&
      !env.LLM_API_KEY
    )
      need('MODERATION_BASE_URL', 'when MODERATION_PROVIDER=llm (or LLM_BASE_URL, or an API key for api.openai.com)');
    // The takedown address is public (policy pages, /site/info/): it must not be an admin login (issue 25).
    const takedown = env.TAKEDOWN_EMAIL && (normalizeStoredEmail(env.TAKEDOWN_EMAIL) ?? env.TAKEDOWN_EMAIL.trim().toLowerCase());
    if (takedown && env.ADMIN_EMAILS.includes(takedown))
      ctx.addIssue({
        code: 'custom',
        path: ['TAKEDOWN_EMAIL'],
        message: 'is public on the policy pages and must not be an admin login (one of ADMIN_EMAILS): use another mailbox or an alias',
      });
    if (env.PAYMENTS === 'stripe') {
      if (!env.STRIPE_SECRET_KEY) need('STRIPE_SECRET_KEY', 'when PAYMENTS=stripe');
      if (!env.STRIPE_PUBLISHABLE_KEY) need('STRIPE_PUBLISHABLE_KEY', 'when PAYMENTS=stripe');
      if (!env.STRIPE_WEBHOOK_SECRET) need('STRIPE_WEBHOOK_SECRET', 'when PAYMENTS=stripe');
    }
    if (env.PAYMENTS === 'sandbox' && env.NODE_ENV === 'production')
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'sandbox never runs with NODE_ENV=production; set PAYMENTS=stripe' });
    if (env.NODE_ENV === 'production' && !env.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required with NODE_ENV=production (the dev outbox never runs there)',
      });
  });

type ParsedEnv = z.infer<typeof EnvSchema>;

/** Every variable the app reads (docs/configuration.md lists each; server/src/docs.test.ts checks it). */
export const SETTINGS = Object.keys(EnvSchema.shape) as (keyof ParsedEnv)[];

/**
 * `MIN_AGES=ko=15,ja=16`: raises a market's minimum age over its legal floor (MIN_AGE_FLOOR: 14 in Korea and
 * mainland China, 13 elsewhere). Answers every market's age, or a sentence saying what is wrong.
 */
export function parseMinAges(value: string | undefined): MinAges | string {
  const ages: MinAges = { ...MIN_AGE_FLOOR };
  for (const part of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-zA-Z-]+)\s*=\s*(\d{1,3})$/.exec(part);
    const language = LANGUAGES.find((l) => l.toLowerCase() === match?.[1]?.toLowerCase());
    if (!match || !language) return `must be language=age pairs such as ko=14,ja=13 (languages: ${LANGUAGES.join(', ')})`;
    const age = Number(match[2]);
    const floor = MIN_AGE_FLOOR[language as Language];
    if (age < floor) return `cannot set ${language} below ${floor}, the legal minimum of that market`;
    if (age > MIN_AGE_CEILING) return `sets ${language} to ${age}; the highest minimum age accepted is ${MIN_AGE_CEILING}`;
    ages[language] = age;
  }
  return ages;
}

/**
 * Where takedown notices go when TAKEDOWN_EMAIL is unset (issue 25): never an admin login. A site on a
 * real domain gets `takedown@<that domain>`; a site on localhost or an IP address gets the placeholder
 * (the .invalid domain never receives mail). Start-up warns in both cases.
 */
export function defaultTakedownEmail(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^www\./, '').replace(/\.$/, '');
  const local =
    !host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[') || /\.(localhost|local|internal|invalid|test)$/.test(host);
  return local ? TAKEDOWN_EMAIL_PLACEHOLDER : `takedown@${host}`;
}

/** The operator settings the policy pages need; the ones unset are shown as placeholders and warned about at start-up. */
export const OPERATOR_SETTINGS = ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'GOVERNING_LAW'] as const;

export function missingOperatorSettings(env: Pick<Env, (typeof OPERATOR_SETTINGS)[number]>): string[] {
  return OPERATOR_SETTINGS.filter((name) => !env[name]);
}

/** The market items of the policy pages (decision 0054): shown as placeholders on that market's pages while unset. */
export const MARKET_SETTINGS = [
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_PHONE',
  'KR_BUSINESS_NUMBER',
  'KR_MAIL_ORDER_NUMBER',
  'KR_PRIVACY_OFFICER',
  'TW_BUSINESS_NUMBER',
  'CN_CREDIT_CODE',
  'CN_REPRESENTATIVE',
] as const;

export function missingMarketSettings(env: Pick<Env, (typeof MARKET_SETTINGS)[number]>): string[] {
  return MARKET_SETTINGS.filter((name) => !env[name]);
}

/** Shown as the takedown address when TAKEDOWN_EMAIL is unset and the site has no real domain. */
export const TAKEDOWN_EMAIL_PLACEHOLDER = 'takedown@butterfic.invalid';

export type Env = Omit<ParsedEnv, 'DATA_DIR' | 'PUBLIC_URL' | 'TAKEDOWN_EMAIL' | 'PAYMENTS'> & {
  DATA_DIR: string;
  PAYMENTS: 'stripe' | 'sandbox';
  /** The sandbox checkout (free Butter) on an address other than loopback: a banner on every page, a warning in /health/. */
  PAYMENTS_SANDBOX_PUBLIC: boolean;
  PUBLIC_URL: string;
  /** Where rights holders send takedown notices: TAKEDOWN_EMAIL, else `defaultTakedownEmail` (never an admin login). */
  TAKEDOWN_EMAIL: string;
  /** The folder the command was typed in (npm's INIT_CWD), for relative paths given by the operator. */
  INITIAL_CWD: string;
};

export class EnvError extends Error {
  constructor(
    public readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'EnvError';
  }
}

/** Whether a host name or address reaches only this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** Parses configuration; throws EnvError whose message is one line naming the first bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const raw = source[variable];
    const secret = /SECRET|KEY|PASSWORD|DATABASE_URL|SMTP_URL/.test(variable);
    const shown = raw === undefined || secret ? '' : ` (got "${raw.length > 60 ? raw.slice(0, 60) + '…' : raw}")`;
    throw new EnvError(variable, `${issue?.message ?? 'is invalid'}${shown}`);
  }
  const env = result.data;
  const initialCwd = source.INIT_CWD ?? process.cwd();
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  // No free Butter in a deployment (issue 25): the sandbox checkout is the default only where nobody
  // else can reach the app; anywhere else the operator chooses.
  const local = isLoopback(env.HOST) && isLoopback(new URL(publicUrl).hostname);
  const payments = env.PAYMENTS ?? (local ? 'sandbox' : undefined);
  if (!payments) {
    throw new EnvError(
      'PAYMENTS',
      `is unset on an address others can reach (HOST=${env.HOST}, PUBLIC_URL=${publicUrl}): set PAYMENTS=stripe with its three STRIPE_* keys, or PAYMENTS=sandbox for a test checkout where no card is charged and Butter is free`,
    );
  }
  if (payments === 'sandbox' && env.NODE_ENV === 'production')
    throw new EnvError('PAYMENTS', 'sandbox never runs with NODE_ENV=production; set PAYMENTS=stripe');
  return {
    ...env,
    PAYMENTS: payments,
    PAYMENTS_SANDBOX_PUBLIC: payments === 'sandbox' && !local,
    // npm runs workspace scripts inside server/; INIT_CWD is where `npm start` was typed.
    DATA_DIR: path.resolve(initialCwd, env.DATA_DIR),
    INITIAL_CWD: initialCwd,
    TAKEDOWN_EMAIL: env.TAKEDOWN_EMAIL ?? defaultTakedownEmail(publicUrl),
    PUBLIC_URL: publicUrl,
  };
}
