import {
  PAGE_SIZE,
  REPORT_WINDOW_SECONDS,
  type AdminContentBody,
  type AdminReport,
  type AdminReportPage,
  type AdminUserBody,
  type AuditEntry,
  type CreateReportBody,
  type Language,
} from '@butterfic/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { auditLog, reports, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { clientAddress } from '../../lib/client-address';
import { newUid } from '../../lib/ids';
import { LIMITS, type Limit } from '../../lib/limits';
import { rateLimit } from '../../lib/rate-limit';
import { accountNoticeMail, describeContent, reportActionedMail, takenDownMail } from '../../mail/templates';
import type { Mailer } from '../../mail/transport';
import { isAdmin } from '../../plugins/auth';
import { revokeAllOf } from '../accounts/tokens';
import { novelContent } from '../novels/moderation';
import { personaContent } from '../personas/moderation';
import { postContent } from '../posts/moderation';
import { commentContent } from '../posts/comment-moderation';
import type { ContentKind } from './content';
import type { DbOrTx } from '../../db';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

type TargetType = CreateReportBody['target_type'];

/** Each kind of content moderated, from its own module: load, snapshot, takedown and status. */
const CONTENT: Record<TargetType, ContentKind> = {
  post: postContent,
  persona: personaContent,
  novel: novelContent,
  comment: commentContent,
};

/** The content a report or an operator action is about, as it is now; null when it does not exist. */
const loadTarget = (db: DbOrTx, type: TargetType, uid: string) => CONTENT[type].load(db, uid);

/**
 * A report from anyone (visitors included): limited per address and per contact e-mail, and one open
 * report per reporter (account, else client address) and target: a second one answers the first's uid.
 * The content is snapshotted as it is now. Unknown or already taken-down content → 404001.
 */
export async function createReport(
  db: Db,
  input: CreateReportBody & { requestIp: string | null; reporterUid: string | null },
): Promise<{ uid: string }> {
  const limit = (key: string, rule: Limit) => rateLimit(db, key, rule);
  const address = input.requestIp ? clientAddress(input.requestIp) : 'unknown';
  await limit(`report:ip:${address}`, LIMITS.reportsPerIp);
  if (input.contact_email) await limit(`report:email:${input.contact_email}`, LIMITS.reportsPerEmail);
  const target = await loadTarget(db, input.target_type, input.target_uid);
  if (!target || target.status !== 'active') throw new AppError('notFound');
  const reporterKey = input.reporterUid ? `u:${input.reporterUid}` : `a:${address}`;
  const values = {
    targetType: input.target_type,
    targetUid: input.target_uid,
    reason: input.reason,
    contactEmail: input.contact_email ?? null,
    requestIp: input.requestIp,
    reporterUid: input.reporterUid,
    language: input.language ?? null,
    targetAuthorUid: target.authorUid,
    snapshot: target.snapshot,
    reporterKey,
  };
  // The same reporter again (or twice at once): their open report stands, with its first reason. Should it
  // be resolved between the two statements, the second round files this one.
  for (let round = 0; round < 2; round++) {
    const uid = newUid();
    const inserted = await db
      .insert(reports)
      .values({ uid, ...values })
      .onConflictDoNothing({
        target: [reports.targetType, reports.targetUid, reports.reporterKey],
        where: sql`${reports.status} = 'open' and ${reports.reporterKey} is not null`,
      })
      .returning({ uid: reports.uid });
    if (inserted.length > 0) return { uid };
    const [open] = await db
      .select({ uid: reports.uid })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, input.target_type),
          eq(reports.targetUid, input.target_uid),
          eq(reports.reporterKey, reporterKey),
          eq(reports.status, 'open'),
        ),
      );
    if (open) return { uid: open.uid };
  }
  throw new Error('report neither filed nor found');
}

/** The operator queue: the least time left in the 24-hour window first (the oldest open report). */
export async function listReports(db: Db, query: { status: AdminReport['status']; page: number }): Promise<AdminReportPage> {
  const current = sql<string | null>`case ${reports.targetType}
      when 'post' then ${CONTENT.post.statusSql(reports.targetUid)}
      when 'persona' then ${CONTENT.persona.statusSql(reports.targetUid)}
      when 'comment' then ${CONTENT.comment.statusSql(reports.targetUid)}
      else ${CONTENT.novel.statusSql(reports.targetUid)} end`;
  const rows = await db
    .select({ report: reports, current, authorEmail: users.email, authorStatus: users.status })
    .from(reports)
    .leftJoin(users, eq(users.uid, reports.targetAuthorUid))
    .where(eq(reports.status, query.status))
    .orderBy(query.status === 'open' ? asc(reports.createdAt) : desc(reports.resolvedAt), asc(reports.uid))
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    results: rows.slice(0, PAGE_SIZE).map(({ report: r, current: now, authorEmail, authorStatus }) => ({
      uid: r.uid,
      target_type: r.targetType,
      target_uid: r.targetUid,
      reason: r.reason,
      contact_email: r.contactEmail,
      status: r.status,
      created_time: seconds(r.createdAt),
      due_time: seconds(r.createdAt) + REPORT_WINDOW_SECONDS,
      snapshot: r.snapshot ?? null,
      target_status: now === 'active' || now === 'taken_down' ? now : 'gone',
      author_uid: r.targetAuthorUid,
      author_email: authorEmail,
      author_status: authorStatus,
      resolution: r.resolution,
    })),
    page: query.page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
  };
}

export type Ops = { db: Db; mailer: Mailer; log?: { warn: (obj: object, msg: string) => void } };
type Notice = { to: string; subject: string; text: string };

/** Writes one audit row (the console's actions and every operator CLI command). */
export async function audit(
  tx: DbOrTx,
  entry: {
    actor: string;
    action: (typeof auditLog.$inferInsert)['action'];
    targetType: (typeof auditLog.$inferInsert)['targetType'];
    targetUid: string;
    reason: string;
    details?: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({ ...entry, details: entry.details ?? null })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('audit row not written');
  return row.id;
}

/** Mails go out after the transaction committed; a mail that fails is logged, the action stands. */
async function deliver(ops: Ops, notices: Notice[]): Promise<void> {
  for (const notice of notices) {
    try {
      await ops.mailer.send(notice);
    } catch (error) {
      ops.log?.warn({ err: error }, 'moderation notice not sent');
    }
  }
}

const asLanguage = (value: string): Language => (['en', 'zh-CN', 'zh-TW', 'ko', 'ja'].includes(value) ? (value as Language) : 'en');

/**
 * Takes down or restores a post, persona or novel, in one transaction with its audit row. A takedown
 * closes the open reports on it and mails each reporter's contact address and the author.
 */
export async function moderateContent(
  ops: Ops,
  { actor, input }: { actor: string; input: AdminContentBody },
): Promise<{ audit_id: number }> {
  const notices: Notice[] = [];
  const auditId = await ops.db.transaction(async (tx) => {
    const target = await loadTarget(tx, input.target_type, input.target_uid);
    if (!target) throw new AppError('notFound');
    const down = input.action === 'takedown';
    await CONTENT[input.target_type].setTakedown(tx, input.target_uid, down ? { reason: input.reason } : null);
    const closed = down
      ? await tx
          .update(reports)
          .set({ status: 'actioned', resolvedAt: sql`now()`, resolvedBy: actor, resolution: input.reason })
          .where(and(eq(reports.targetType, input.target_type), eq(reports.targetUid, input.target_uid), eq(reports.status, 'open')))
          .returning({ uid: reports.uid, contactEmail: reports.contactEmail, language: reports.language, reporterUid: reports.reporterUid })
      : [];
    const id = await audit(tx, {
      actor,
      action: input.action,
      targetType: input.target_type,
      targetUid: input.target_uid,
      reason: input.reason,
      details: { reports: closed.map((r) => r.uid), title: target.snapshot.title },
    });
    if (down) {
      const contentLang = asLanguage(target.snapshot.language);
      const what = (lang: Language) => describeContent(lang, input.target_type, target.snapshot.title);
      // Each reporter hears back in their own language: the one the report was sent in, else their account's, else the content's.
      const reporterUids = closed.map((r) => r.reporterUid).filter((u): u is string => Boolean(u));
      const accountLangs = new Map(
        reporterUids.length === 0
          ? []
          : (await tx.select({ uid: users.uid, language: users.language }).from(users).where(inArray(users.uid, reporterUids))).map(
              (u) => [u.uid, u.language] as const,
            ),
      );
      const mailed = new Set<string>();
      for (const report of closed) {
        if (!report.contactEmail || mailed.has(report.contactEmail)) continue;
        mailed.add(report.contactEmail);
        const lang = report.language ?? (report.reporterUid ? accountLangs.get(report.reporterUid) : undefined) ?? contentLang;
        notices.push({ to: report.contactEmail, ...reportActionedMail(lang, what(lang), input.reason) });
      }
      if (target.authorUid) {
        const [author] = await tx
          .select({ email: users.email, language: users.language })
          .from(users)
          .where(eq(users.uid, target.authorUid));
        if (author) notices.push({ to: author.email, ...takenDownMail(author.language, what(author.language), input.reason) });
      }
    }
    return id;
  });
  await deliver(ops, notices);
  return { audit_id: auditId };
}

/** Closes an open report without action (audited). */
export async function dismissReport(
  ops: Ops,
  { actor, reportUid, reason }: { actor: string; reportUid: string; reason: string },
): Promise<{ audit_id: number }> {
  const id = await ops.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reports)
      .set({ status: 'dismissed', resolvedAt: sql`now()`, resolvedBy: actor, resolution: reason })
      .where(and(eq(reports.uid, reportUid), eq(reports.status, 'open')))
      .returning({ uid: reports.uid });
    if (!row) throw new AppError('notFound');
    return audit(tx, { actor, action: 'dismiss', targetType: 'report', targetUid: reportUid, reason });
  });
  return { audit_id: id };
}

/**
 * Warns, suspends for N days, bans or unbans an account, in one transaction with its audit row.
 * A suspension or ban ends every session at once; the account is told by mail.
 */
export async function moderateUser(
  ops: Ops,
  {
    actor,
    input,
    protectedAdmins = [],
  }: {
    actor: string;
    input: AdminUserBody;
    /** The console's admins (ADMIN_EMAILS): one admin cannot suspend or ban another; the operator's CLI can. */
    protectedAdmins?: readonly string[];
  },
): Promise<{ audit_id: number; until: Date | null }> {
  if (input.action === 'suspend' && !input.days) throw new AppError('invalidInput', { data: { fields: { days: 'required to suspend' } } });
  let notice: Notice | null = null;
  const until = input.action === 'suspend' && input.days ? new Date(Date.now() + input.days * 86_400_000) : null;
  const id = await ops.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.uid, input.user_uid)).for('update');
    if (!user) throw new AppError('notFound');
    if (input.action === 'suspend' || input.action === 'ban') {
      if (isAdmin(protectedAdmins, user)) throw new AppError('forbidden', { message: 'adminProtected' });
      await tx
        .update(users)
        .set({
          status: input.action === 'ban' ? 'banned' : 'suspended',
          suspendedUntil: until,
          statusReason: input.reason,
          updatedAt: sql`now()`,
        })
        .where(eq(users.uid, user.uid));
      await revokeAllOf(tx as unknown as Db, user.uid);
    } else if (input.action === 'unban') {
      await tx
        .update(users)
        .set({ status: 'active', suspendedUntil: null, statusReason: null, updatedAt: sql`now()` })
        .where(eq(users.uid, user.uid));
    }
    if (input.action !== 'unban' && !user.email.endsWith('@removed.invalid'))
      notice = { to: user.email, ...accountNoticeMail(user.language, input.action, input.reason, until) };
    return audit(tx, {
      actor,
      action: input.action,
      targetType: 'user',
      targetUid: user.uid,
      reason: input.reason,
      details: { email: user.email, ...(until && { until: until.toISOString() }) },
    });
  });
  if (notice) await deliver(ops, [notice]);
  return { audit_id: id, until };
}

export async function listAudit(db: Db, query: { page: number; target_uid?: string | undefined }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(query.target_uid ? eq(auditLog.targetUid, query.target_uid) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  const results: AuditEntry[] = rows.slice(0, PAGE_SIZE).map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    target_type: r.targetType,
    target_uid: r.targetUid,
    reason: r.reason,
    created_time: seconds(r.createdAt),
  }));
  return { results, page: query.page, page_size: PAGE_SIZE, has_more: rows.length > PAGE_SIZE };
}
