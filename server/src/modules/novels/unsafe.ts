import type { GenerateStatus } from '@butterfic/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { chapters, generationJobs, novels } from '../../db/schema';
import { discardUnwritten } from './versions';
import { applyLedger } from '../wallet/service';
import type { RefusalReason } from '../../safety';
import { unshownRefund } from '../../safety/refund';

/** The novel's `failure` (and the SSE error message) for a story the output check stopped. */
export const SAFETY_FAILURE: Record<RefusalReason, 'safety' | 'explicit'> = { minor: 'safety', sexual: 'explicit' };

/**
 * Ends a job whose output the safety check stopped, in one transaction: the
 * job fails; the chapter keeps `kept` (what the reader was shown; '' when the
 * whole chapter must go); the author gets back the share of the charge for
 * the part not shown (safety/refund.ts). Only the worker holding the job can.
 * Answers the novel's new status, or null when the job was no longer ours.
 */
export async function settleUnsafeJob(
  db: Db,
  options: {
    job: typeof generationJobs.$inferSelect;
    workerId: string;
    reason: RefusalReason;
    kept: string;
    shownChars: number;
    targetChars: number;
  },
): Promise<{ status: GenerateStatus; refund: number } | null> {
  const { job, kept } = options;
  const code = SAFETY_FAILURE[options.reason];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(generationJobs)
      .set({ status: 'failed', finishedAt: sql`now()`, leaseUntil: null, error: `output check: ${code}` })
      .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, options.workerId)))
      .returning({ charge: generationJobs.charge });
    if (!row) return null;
    const refund = unshownRefund(row.charge, options.shownChars, options.targetChars);
    const [novel] = await tx.select({ authorUid: novels.authorUid }).from(novels).where(eq(novels.uid, job.novelUid));
    if (refund > 0 && novel) {
      await applyLedger(tx, { userUid: novel.authorUid, kind: 'refund', amount: refund, ref: job.uid });
      await tx.update(generationJobs).set({ refunded: true }).where(eq(generationJobs.uid, job.uid));
    }
    const where =
      job.chapterId === null
        ? and(eq(chapters.novelUid, job.novelUid), eq(chapters.index, job.chapterIndex))
        : eq(chapters.id, job.chapterId);
    let status: GenerateStatus = 'done';
    if (kept.trim())
      await tx
        .update(chapters)
        .set({ content: kept, updatedAt: sql`now()` })
        .where(where);
    else {
      await tx
        .update(chapters)
        .set({ content: '', updatedAt: sql`now()` })
        .where(where);
      // A continuation or rewrite with nothing kept leaves no empty version (modules/novels/versions.ts).
      if (job.kind === 'generate') status = 'failed';
    }
    const words = await discardUnwritten(tx, job);
    await tx
      .update(novels)
      .set({ generateStatus: status, failure: code, wordCount: words, updatedAt: sql`now()` })
      .where(eq(novels.uid, job.novelUid));
    return { status, refund };
  });
}
