import { HISTORY_SOURCES, LEDGER_KINDS } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Key/value facts about this installation (schema seeds, first start). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Takedown and abuse reports (SPEC.md section 1: disputed content is taken down within 24 hours). */
export const reports = pgTable(
  'reports',
  {
    uid: text('uid').primaryKey(),
    targetType: text('target_type', { enum: ['post', 'persona', 'novel'] }).notNull(),
    targetUid: text('target_uid').notNull(),
    reason: text('reason').notNull(),
    contactEmail: text('contact_email'),
    requestIp: text('request_ip'),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in reporter, when there was one. */
    reporterUid: text('reporter_uid'),
    /** Who reported, for the one-open-report-per-reporter rule: `u:<uid>` or `a:<client address>` (migration 0024). */
    reporterKey: text('reporter_key'),
    /** The reporter's interface language when they sent it: the outcome mail is written in it (migration 0020). */
    language: text('language', { enum: ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] }),
    /** The author of the reported content at the time of the report. */
    targetAuthorUid: text('target_author_uid'),
    /** The reported content as it was when reported (title, text, names), so later edits cannot hide it. */
    snapshot: jsonb('snapshot').$type<ReportSnapshot>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [
    index('reports_open_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetUid),
    uniqueIndex('reports_reporter_open_uq')
      .on(t.targetType, t.targetUid, t.reporterKey)
      .where(sql`${t.status} = 'open' and ${t.reporterKey} is not null`),
  ],
);

export type ReportSnapshot = { title: string; text: string; author_name: string; language: string; is_r18: boolean };

/** Every operator action (console or CLI): who, when, why. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The admin's e-mail, or `cli:<os user>` for the operator CLI. */
    actor: text('actor').notNull(),
    /** The console's actions, and the operator CLI's: grant and revoke (Butter), verify, refund (payment refund), redeem_create, persona_import. */
    action: text('action', {
      enum: [
        'takedown',
        'restore',
        'dismiss',
        'warn',
        'suspend',
        'ban',
        'unban',
        'grant',
        'revoke',
        'verify',
        'refund',
        'redeem_create',
        'persona_import',
      ],
    }).notNull(),
    targetType: text('target_type', { enum: ['post', 'persona', 'novel', 'user', 'report', 'redeem_code', 'catalogue'] }).notNull(),
    targetUid: text('target_uid').notNull(),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetUid, t.id)],
);

/** Accounts. `balance` is the Butter balance; the ledger below holds every change of it. */
export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    gender: text('gender').notNull().default('female'),
    language: text('language', { enum: ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] })
      .notNull()
      .default('en'),
    status: text('status', { enum: ['active', 'suspended', 'banned'] })
      .notNull()
      .default('active'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    statusReason: text('status_reason'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }),
    invitationCode: text('invitation_code').notNull(),
    invitedBy: text('invited_by'),
    balance: integer('balance').notNull().default(0),
    /**
     * Butter owed after a refund or a lost dispute took back more than the balance held (migration 0023,
     * docs/decisions/0030): only at a zero balance; the next credit pays it first; balance - debt = the ledger's sum.
     */
    debt: integer('debt').notNull().default(0),
    /** While in the future, generation and continuation are free (time passes, packages 7 and 8). */
    passExpiresAt: timestamp('pass_expires_at', { withTimezone: true }),
    /**
     * Set when an account never verified its address within 7 days: the address is released
     * (the row keeps its ledger, which is append-only) and `email` becomes `removed+<uid>@removed.invalid`.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Set by the e-mail normalisation of migration 0008 for an operator to look at (docs/decisions/0010). */
    emailFlag: text('email_flag'),
    /** When the account confirmed at sign-up being at least the minimum age (13); null for older accounts. */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    /** How it was confirmed: the sign-up checkbox, or the agreement a SPEC client's login screen links (migration 0015). */
    ageConfirmedBy: text('age_confirmed_by', { enum: ['checkbox', 'agreement'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_invitation_code_uq').on(t.invitationCode),
    // The few blocked accounts, read once per list query (authorNotBlocked, docs/decisions/0028).
    index('users_blocked_idx')
      .on(t.uid)
      .where(sql`${t.status} in ('banned', 'suspended')`),
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
    check('users_debt_non_negative', sql`${t.debt} >= 0`),
    check('users_debt_only_at_zero', sql`${t.debt} = 0 or ${t.balance} = 0`),
  ],
);

/**
 * The Butter ledger: append-only, one row per change of a balance, written in
 * the same transaction as the change. `ref` makes a credit idempotent per kind.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    kind: text('kind', {
      enum: LEDGER_KINDS,
    }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The account's debt after this row (migration 0023). */
    debtAfter: integer('debt_after').notNull().default(0),
    /** Pass rows: the end of the account's pass after this row (a pass bought, or ended by a refund). */
    passUntil: timestamp('pass_until', { withTimezone: true }),
    ref: text('ref'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userUid, t.id),
    uniqueIndex('ledger_kind_ref_uq')
      .on(t.kind, t.ref)
      .where(sql`${t.ref} is not null`),
    check(
      'ledger_amount_non_zero',
      sql`${t.amount} <> 0 or ${t.kind} in ('pass', 'purchase_refund', 'chargeback', 'dispute_won', 'refund_failed')`,
    ),
    check('ledger_debt_after_non_negative', sql`${t.debtAfter} >= 0`),
    check('ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * Invitation rewards paid, one per inbox and kind (issue 25, migration 0022): `invited` is the new
 * account's +8, `invite` the inviter's. `inbox` is the invited address folded by `rewardInbox`.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    inbox: text('inbox').notNull(),
    /** `signup`: the account's own 6 Butter (issue 45); `invited`, `invite`: the two invitation rewards. */
    kind: text('kind', { enum: ['invite', 'invited', 'signup'] }).notNull(),
    inviteeUid: text('invitee_uid')
      .notNull()
      .references(() => users.uid),
    /** Null for `signup`. */
    inviterUid: text('inviter_uid').references(() => users.uid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invite_rewards_pk', columns: [t.inbox, t.kind] }),
    index('invite_rewards_inviter_idx').on(t.inviterUid, t.createdAt),
    check('invite_rewards_kind_check', sql`${t.kind} in ('invite', 'invited')`),
  ],
);

/** Refresh tokens: stored hashed, rotated on every use, grouped in families for reuse detection. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userUid)],
);

/** E-mail verification codes: hashed, 10 minutes, 5 tries; one live code per account. */
export const verificationCodes = pgTable('verification_codes', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** What the code is for: verifying the address or resetting the password; a code only works for its purpose. */
  purpose: text('purpose', { enum: ['verify', 'reset'] })
    .notNull()
    .default('verify'),
});

/** Fixed-window counters for rate limits, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Open SSE streams (GET /novel/stream/) per account, shared by every app process: a row per open
 * stream, its `seen_at` renewed by the process holding it; rows of a process that died without
 * closing them lapse after the lease (lib/stream-slots.ts).
 */
export const streamSlots = pgTable(
  'stream_slots',
  {
    id: text('id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The app process holding the stream (one id per process start). */
    holder: text('holder').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stream_slots_user_idx').on(t.userUid), index('stream_slots_holder_idx').on(t.holder)],
);

/**
 * Character-pair templates. `seq` gives the feed its stable order: pages are
 * cut at a snapshot of it, so neither new personas nor changing used counts
 * move items between pages.
 */
export const personas = pgTable(
  'personas',
  {
    uid: text('uid').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    seedKey: text('seed_key'),
    authorUid: text('author_uid').references(() => users.uid),
    authorName: text('author_name').notNull(),
    charAName: text('char_a_name').notNull(),
    charASetting: text('char_a_setting').notNull(),
    charBName: text('char_b_name').notNull(),
    charBSetting: text('char_b_setting').notNull(),
    plot: text('plot').notNull(),
    description: text('description').notNull(),
    isR18: boolean('is_r18').notNull().default(false),
    tags: text('tags').notNull().default(''),
    tagList: text('tag_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    usedCount: integer('used_count').notNull().default(0),
    firstPerson: smallint('first_person').notNull().default(0),
    dialogueHeavy: boolean('dialogue_heavy').notNull().default(false),
    language: text('language', { enum: ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] }).notNull(),
    status: text('status', { enum: ['published', 'taken_down'] })
      .notNull()
      .default('published'),
    takedownReason: text('takedown_reason'),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    sourceNovelUid: text('source_novel_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('personas_seq_uq').on(t.seq),
    uniqueIndex('personas_seed_key_uq').on(t.seedKey),
    // Migration 0014 adds INCLUDE columns to the feed, post feed and author indexes (drizzle cannot declare them).
    index('personas_feed_idx').on(t.status, t.language, t.seq.desc()),
    index('personas_feed_all_idx').on(t.status, t.seq.desc()),
    index('personas_tags_idx').using('gin', t.tagList),
    index('personas_author_idx').on(t.authorUid, t.seq.desc()),
    check('personas_first_person_range', sql`${t.firstPerson} in (0, 1, 2)`),
  ],
);

/** One row per (user, persona) favourite. */
/** Which account has used which persona: POST /persona/addused/ counts a persona once per account. */
export const personaUses = pgTable(
  'persona_uses',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    personaUid: text('persona_uid')
      .notNull()
      .references(() => personas.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.personaUid] })],
);

export const personaFavorites = pgTable(
  'persona_favorites',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    personaUid: text('persona_uid')
      .notNull()
      .references(() => personas.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.personaUid] }), index('persona_favorites_user_idx').on(t.userUid, t.createdAt.desc())],
);

/** A generated story. Chapter 0 is the first generation; each continuation adds one. */
export const novels = pgTable(
  'novels',
  {
    uid: text('uid').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    authorUid: text('author_uid')
      .notNull()
      .references(() => users.uid),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    params: jsonb('params')
      .notNull()
      .$type<{ char_a_name: string; char_a_setting: string; char_b_name: string; char_b_setting: string; plot: string }>(),
    isR18: boolean('is_r18').notNull().default(false),
    dialogueHeavy: boolean('dialogue_heavy').notNull().default(false),
    firstPerson: smallint('first_person').notNull().default(0),
    language: text('language', { enum: ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] }).notNull(),
    model: text('model').notNull().default('v1'),
    generateStatus: text('generate_status', { enum: ['generating', 'continuing', 'done', 'failed'] }).notNull(),
    wordCount: integer('word_count').notNull().default(0),
    writtenBy: text('written_by', { enum: ['offline', 'openai', 'llamacpp'] }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    status: text('status', { enum: ['active', 'taken_down'] })
      .notNull()
      .default('active'),
    takedownReason: text('takedown_reason'),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    failure: text('failure'),
    /** The persona the story was generated from, when the form was filled from one (post provenance). */
    personaUid: text('persona_uid'),
    /**
     * The chosen path (docs/decisions/0022-chapter-versions.md): the id of the chosen version of
     * chapter 0, 1, 2 …; the reader, word count, copy, edit and publish read these chapters.
     */
    path: bigint('path', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** The author's note for the next chapter ("next: they finally talk about the letter"); '' for none. */
    authorNote: text('author_note').notNull().default(''),
    /** Facts the author pinned: never summarised away, in every prompt. */
    pinnedFacts: text('pinned_facts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('novels_seq_uq').on(t.seq), index('novels_author_idx').on(t.authorUid, t.seq.desc())],
);

/**
 * Chapter versions, a tree per novel: each version follows `parent_id` (the version of the chapter
 * before it; null for chapter 0). Versions of one chapter share their parent and are numbered 1, 2 …
 * `next_id` remembers which version of the next chapter was chosen after this one, so choosing an
 * earlier version brings back its own later chapters. Nothing is deleted but an unwritten version.
 */
export const chapters = pgTable(
  'chapters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    novelUid: text('novel_uid')
      .notNull()
      .references(() => novels.uid, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => chapters.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    nextId: bigint('next_id', { mode: 'number' }).references((): AnyPgColumn => chapters.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    /**
     * Story memory through this chapter version (docs/decisions/0033-story-memory.md): written by the
     * memory job after the chapter; null until then. `memoryEdited` is the author's version, which wins.
     */
    memory: text('memory'),
    memoryEdited: text('memory_edited'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapters_version_uq').on(t.novelUid, t.index, sql`coalesce(${t.parentId}, 0)`, t.version),
    index('chapters_parent_idx').on(t.parentId),
    check('chapters_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * A chapter version's history (migration 0037, issue 50, docs/decisions/0056): every text it held, by
 * source; at most HISTORY_MAX per version (the SQL function chapter_history_add drops the oldest).
 */
export const chapterHistory = pgTable(
  'chapter_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull(),
    chapterId: bigint('chapter_id', { mode: 'number' })
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    source: text('source', { enum: HISTORY_SOURCES }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapter_history_uid_uq').on(t.uid),
    index('chapter_history_chapter_idx').on(t.chapterId, t.id),
    check('chapter_history_source_check', sql`${t.source} in ('model', 'edit', 'revise', 'restore')`),
  ],
);

/**
 * Generation jobs, claimed with FOR UPDATE SKIP LOCKED under a lease that the
 * running worker renews; a job whose lease ran out is resumed by any worker.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    uid: text('uid').primaryKey(),
    novelUid: text('novel_uid')
      .notNull()
      .references(() => novels.uid, { onDelete: 'cascade' }),
    chapterIndex: integer('chapter_index').notNull(),
    /** The chapter version the job writes (null only for old jobs whose chapter was discarded). */
    chapterId: bigint('chapter_id', { mode: 'number' }),
    /** A rewrite: the version chosen before it, chosen again when the rewrite ends with no text. */
    previousChapterId: bigint('previous_chapter_id', { mode: 'number' }),
    kind: text('kind', { enum: ['generate', 'continue', 'rewrite'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'stopped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    charge: integer('charge').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    workerId: text('worker_id'),
    error: text('error'),
    /** Set by the stop call when it refunded the charge: the worker then keeps none of its text. */
    refunded: boolean('refunded').notNull().default(false),
    /** Beats and a direction the author steered a continuation or rewrite with (migration 0038, issue 50). */
    beats: jsonb('beats').$type<string[]>().notNull().default([]),
    direction: text('direction'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('generation_jobs_claim_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('generation_jobs_novel_idx').on(t.novelUid, t.createdAt.desc()),
    uniqueIndex('generation_jobs_one_live_per_novel')
      .on(t.novelUid)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Posts: a story published (or kept as a draft) by its author. `seq` orders
 * the feed: it is taken again from its sequence whenever a draft goes public,
 * so a post enters the feed at the top and pages cut at a snapshot of it never
 * shift. `views_count` is advanced only by the view flusher.
 */
export const posts = pgTable(
  'posts',
  {
    uid: text('uid').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    authorUid: text('author_uid')
      .notNull()
      .references(() => users.uid),
    novelUid: text('novel_uid').references(() => novels.uid, { onDelete: 'set null' }),
    novelModified: boolean('novel_modified').notNull().default(false),
    title: text('title').notNull(),
    content: text('content').notNull(),
    language: text('language', { enum: ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** Copied from the bound novel (or its persona): an adult post is for 18+-confirmed readers only. */
    isR18: boolean('is_r18').notNull().default(false),
    status: text('status', { enum: ['active', 'taken_down'] })
      .notNull()
      .default('active'),
    takedownReason: text('takedown_reason'),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    /** Taken down because its novel was (migration 0024): restoring the novel restores it. */
    takenDownWithNovel: boolean('taken_down_with_novel').notNull().default(false),
    viewsCount: integer('views_count').notNull().default(0),
    /** The author lets readers download the post as an EPUB (issue 30); on unless the author says otherwise. */
    allowDownload: boolean('allow_download').notNull().default(true),
    /** The text's length (wordCount: characters for CJK text, words otherwise), for lists that read only an opening. */
    wordCount: integer('word_count').notNull().default(0),
    /** The feed's excerpt of `content` (migration 0027: set by a trigger wherever the text changes; `excerpt` in posts/service.ts). */
    excerpt: text('excerpt').notNull().default(''),
    /** The create form's key: a retried create answers the post it already made. */
    requestId: text('request_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_seq_uq').on(t.seq),
    index('posts_feed_idx')
      .on(t.language, t.seq.desc())
      .where(sql`${t.isPublic} and ${t.status} = 'active'`),
    index('posts_feed_all_idx')
      .on(t.seq.desc())
      .where(sql`${t.isPublic} and ${t.status} = 'active'`),
    index('posts_author_idx').on(t.authorUid, t.seq.desc()),
    index('posts_novel_idx').on(t.novelUid),
    uniqueIndex('posts_request_uq')
      .on(t.authorUid, t.requestId)
      .where(sql`${t.requestId} is not null`),
    check('posts_views_non_negative', sql`${t.viewsCount} >= 0`),
  ],
);

/**
 * What a takedown leaves behind (docs/decisions/0035): the hash of the post's or persona's text and the
 * novel a post was bound to; a create or edit that meets one is refused. Removed on restore.
 */
export const takedownMarks = pgTable(
  'takedown_marks',
  {
    targetType: text('target_type', { enum: ['post', 'persona'] }).notNull(),
    targetUid: text('target_uid').notNull(),
    textHash: text('text_hash').notNull(),
    novelUid: text('novel_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetUid] }),
    index('takedown_marks_hash_idx').on(t.targetType, t.textHash),
    index('takedown_marks_novel_idx')
      .on(t.novelUid)
      .where(sql`${t.novelUid} is not null`),
  ],
);

/**
 * One row per viewer per post per day: the unique key is the dedupe, shared by
 * every app process. `viewer` is `u:<uid>` or `v:<keyed hash of the client address and day>`.
 */
export const postViews = pgTable(
  'post_views',
  {
    postUid: text('post_uid')
      .notNull()
      .references(() => posts.uid, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postUid, t.day, t.viewer] }), index('post_views_day_idx').on(t.day)],
);

/**
 * Checkout sessions (Stripe's or the sandbox's). A session credits once: the
 * status moves to `credited` in the same transaction as its ledger row (or
 * its pass extension), and only from another status.
 */
export const payments = pgTable(
  'payments',
  {
    sessionId: text('session_id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    productId: text('product_id').notNull(),
    currency: text('currency', { enum: ['eur', 'cny', 'jpy', 'krw', 'twd'] }).notNull(),
    /** When the buyer ticked that the Butter is delivered at once and the cooling-off does not apply (TWD: migration 0034). */
    deliveryConsentAt: timestamp('delivery_consent_at', { withTimezone: true }),
    /** Stripe's amount (CURRENCY_FORMAT: cents and fen, whole yen and won), from the server's price table. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'credited', 'failed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** Stripe's PaymentIntent of the session: how its charges, refunds and disputes name it (migration 0023). */
    paymentIntent: text('payment_intent'),
    /** Minor units Stripe has refunded so far, and the Butter taken back for refunds and lost disputes. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    butterReversed: integer('butter_reversed').notNull().default(0),
    /** A pass payment refunded, disputed or reported as fraud: its pass was ended then (null again when given back). */
    passRevokedAt: timestamp('pass_revoked_at', { withTimezone: true }),
    /** What ending it took off the account's pass end, in seconds: given back if the reason goes away (migration 0029). */
    passSecondsTaken: integer('pass_seconds_taken'),
    /**
     * A dispute or early fraud warning (migration 0029, docs/decisions/0030 addendum): `held` while one is open
     * (what the payment bought is taken, checkout refused), `released` when the dispute closed for us (given
     * back), `kept` when it was lost. `released` and `kept` are final.
     */
    hold: text('hold', { enum: ['held', 'released', 'kept'] }),
    /** The dispute or early fraud warning that started the hold. */
    heldBy: text('held_by'),
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.userUid, t.createdAt.desc()),
    uniqueIndex('payments_payment_intent_uq')
      .on(t.paymentIntent)
      .where(sql`${t.paymentIntent} is not null`),
    index('payments_held_idx')
      .on(t.userUid)
      .where(sql`${t.hold} = 'held'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_hold_check', sql`${t.hold} in ('held', 'released', 'kept')`),
    check('payments_currency_check', sql`${t.currency} in ('eur', 'cny', 'jpy', 'krw', 'twd')`),
  ],
);

/**
 * Each refund of a payment as Stripe last told us (migration 0029): `active` (pending, requires_action or
 * succeeded; its share `butter` is taken) or `failed` (failed or canceled; given back, or never taken). A
 * refund moves only from active to failed. `amount` is in the payment's minor units; the operator's refund
 * outside Stripe is the id `manual`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => payments.sessionId),
    id: text('id').notNull(),
    amount: integer('amount').notNull(),
    butter: integer('butter').notNull().default(0),
    status: text('status', { enum: ['active', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'payment_refunds_pk', columns: [t.sessionId, t.id] }),
    check('payment_refunds_status_check', sql`${t.status} in ('active', 'failed')`),
    check('payment_refunds_amount_check', sql`${t.amount} >= 0 and ${t.butter} >= 0`),
  ],
);

/** Stripe disputes (chargebacks) of our payments, as last read from Stripe: the operator console lists them. */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => payments.sessionId),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, … */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('disputes_created_idx').on(t.createdAt.desc(), t.id)],
);

/** Redeem codes made by the operator (`npm run admin -- redeem create`). */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    code: text('code').primaryKey(),
    butter: integer('butter').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('redeem_codes_butter_positive', sql`${t.butter} > 0`),
    check('redeem_codes_uses_range', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses} and ${t.maxUses} >= 1`),
  ],
);

/** Who redeemed which code: once per account. */
export const redeemUses = pgTable(
  'redeem_uses',
  {
    code: text('code')
      .notNull()
      .references(() => redeemCodes.code),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userUid] })],
);
