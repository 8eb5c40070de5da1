import { z } from 'zod';
import { LANGUAGES } from './languages';

export const ReportTargetType = z.enum(['post', 'persona', 'novel', 'comment']);

/** POST /report/: a takedown or abuse report (CONTRACT.md section 4). */
export const CreateReportBody = z.object({
  target_type: ReportTargetType,
  target_uid: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(2000),
  contact_email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
  /** The reporter's interface language: the mail about the outcome is written in it (else the account's, else the content's). */
  language: z.enum(LANGUAGES).optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

export const CreateReportResult = z.object({ uid: z.string() });

/** Why content is hidden: shown to its author only (everyone else gets 404001). */
export const Takedown = z.object({ reason: z.string(), at: z.number().int() });
export type Takedown = z.infer<typeof Takedown>;

export const REPORT_WINDOW_SECONDS = 24 * 3600;

const reason = z.string().trim().min(1).max(2000);
const uid = z.string().trim().min(1).max(64);

/** The reported content as it was when reported. */
export const ReportSnapshot = z.object({
  title: z.string(),
  text: z.string(),
  author_name: z.string(),
  language: z.string(),
  is_r18: z.boolean(),
});

/** GET /admin/reports/: the queue, the least time left in the 24-hour window first. */
export const AdminReportsQuery = z.object({
  status: z.enum(['open', 'actioned', 'dismissed']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminReport = z.object({
  uid: z.string(),
  target_type: ReportTargetType,
  target_uid: z.string(),
  reason: z.string(),
  contact_email: z.string().nullable(),
  status: z.enum(['open', 'actioned', 'dismissed']),
  created_time: z.number().int(),
  /** Epoch seconds when the 24-hour window ends. */
  due_time: z.number().int(),
  snapshot: ReportSnapshot.nullable(),
  /** The content now: `active`, `taken_down` or `gone` (deleted by its author). */
  target_status: z.enum(['active', 'taken_down', 'gone']),
  author_uid: z.string().nullable(),
  author_email: z.string().nullable(),
  author_status: z.enum(['active', 'suspended', 'banned']).nullable(),
  resolution: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportPage = z.object({
  results: z.array(AdminReport),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AdminReportPage = z.infer<typeof AdminReportPage>;

/** POST /admin/content/: take down or restore a post, persona or novel (open reports on it are closed). */
export const AdminContentBody = z.object({
  action: z.enum(['takedown', 'restore']),
  target_type: ReportTargetType,
  target_uid: uid,
  reason,
});
export type AdminContentBody = z.infer<typeof AdminContentBody>;

/** POST /admin/report/dismiss/ */
export const AdminDismissBody = z.object({ report_uid: uid, reason });

/** POST /admin/user/: warn, suspend for N days, ban or unban an account. */
export const AdminUserBody = z.object({
  action: z.enum(['warn', 'suspend', 'ban', 'unban']),
  user_uid: uid,
  days: z.coerce.number().int().min(1).max(3650).optional(),
  reason,
});
export type AdminUserBody = z.infer<typeof AdminUserBody>;

export const AdminActionResult = z.object({ audit_id: z.number().int() });

/** GET /admin/audit/: every operator action, newest first. */
export const AdminAuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  target_uid: z.string().max(64).optional(),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_uid: z.string(),
  reason: z.string(),
  created_time: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({
  results: z.array(AuditEntry),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
