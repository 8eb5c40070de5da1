import { z } from 'zod';

export const ReportTargetType = z.enum(['post', 'persona', 'novel']);

/** POST /report/: a takedown or abuse report (CONTRACT.md section 4). */
export const CreateReportBody = z.object({
  target_type: ReportTargetType,
  target_uid: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(2000),
  contact_email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

export const CreateReportResult = z.object({ uid: z.string() });
