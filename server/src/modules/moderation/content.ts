import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import type { ReportSnapshot } from '../../db/schema';

/** Reports and snapshots keep this much of a text. */
export const SNAPSHOT_TEXT_MAX = 20_000;
export const clipSnapshot = (text: string) => (text.length > SNAPSHOT_TEXT_MAX ? text.slice(0, SNAPSHOT_TEXT_MAX) + '…' : text);

/** A reportable thing as it is now: who wrote it, whether it is up, and what a report keeps of it. */
export type ModeratedContent = { authorUid: string | null; status: 'active' | 'taken_down'; snapshot: ReportSnapshot };

/**
 * What a kind of content (post, persona, novel) gives the moderation service: each module
 * (`modules/<domain>/moderation.ts`) knows its own table, its snapshot and what a takedown changes.
 */
export type ContentKind = {
  /** The content as it is now; null when it does not exist. */
  load(db: DbOrTx, uid: string): Promise<ModeratedContent | null>;
  /** Takes it down (with the operator's reason) or, given null, restores it, inside the caller's transaction. */
  setTakedown(tx: DbOrTx, uid: string, takedown: { reason: string } | null): Promise<void>;
  /** Its status now as SQL ('active', 'taken_down', or null when gone), for the report queue's one query. */
  statusSql(uid: AnyPgColumn): SQL<string | null>;
};
