import type { CreateReportBody } from '@butterfic/contract';
import type { Db } from '../../db';
import { reports } from '../../db/schema';
import { newUid } from '../../lib/ids';

export async function createReport(db: Db, input: CreateReportBody & { requestIp: string | null }): Promise<{ uid: string }> {
  const uid = newUid();
  await db.insert(reports).values({
    uid,
    targetType: input.target_type,
    targetUid: input.target_uid,
    reason: input.reason,
    contactEmail: input.contact_email ?? null,
    requestIp: input.requestIp,
  });
  return { uid };
}
