import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { clientAddress } from '../../lib/client-address';
import type { Db } from '../../db';

/** How often a process writes the views it buffered. */
export const VIEWS_FLUSH_MS = 2000;
/** A buffer this large is written at once instead of waiting for the timer. */
const FLUSH_AT = 5000;
/** At most this many views wait in memory (the database away for long): later ones are dropped, never the process. */
const MAX_PENDING = 100_000;
/** Dedupe rows older than this many days are pruned (only today's rows decide anything). */
const KEEP_DAYS = 2;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

type View = { postUid: string; viewer: string; day: string };

/** The UTC day of a view: "at most one view per viewer per post per day". */
export const viewDay = (at = new Date()) => at.toISOString().slice(0, 10);

/**
 * The viewer key of a visitor who is not signed in: a keyed hash of the client address (an IPv6 address
 * collapsed to its /64, lib/client-address.ts), salted with the day so keys cannot be followed across days
 * and the address itself is never stored. Not the User-Agent: a script changing it on every read would
 * count as a new visitor every time.
 */
export function visitorKey(key: Buffer, ip: string, day: string): string {
  return 'v:' + createHmac('sha256', key).update(`${day}\n${clientAddress(ip)}`).digest('base64url').slice(0, 32);
}

export const userKey = (uid: string) => `u:${uid}`;

/**
 * Counts post views without a write on the read path (as AO3 does with its
 * daily set): reads add to a process-local buffer, and a timer writes the
 * buffer in one statement that inserts the (post, day, viewer) rows (the
 * primary key is the dedupe, shared by every process on the database) and
 * advances `views_count` by the rows actually inserted. `stop()` writes what
 * is left (SIGTERM drain); tests call `flush()`.
 */
export class ViewCounter {
  private pending = new Map<string, View>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), VIEWS_FLUSH_MS);
    this.timer.unref();
  }

  /** Tests: only `flush()` writes from now on, so what a read did before a flush can be observed. */
  pauseTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  record(postUid: string, viewer: string, day = viewDay()): void {
    if (this.pending.size >= MAX_PENDING) return;
    this.pending.set(`${postUid}\n${day}\n${viewer}`, { postUid, viewer, day });
    if (this.pending.size % FLUSH_AT === 0) void this.flush();
  }

  get size(): number {
    return this.pending.size;
  }

  /** Writes every buffered view; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return this.prune();
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db.execute(sql`
        with incoming as (
          select v.post_uid, v.viewer, v.day
          from unnest(${toArray(batch.map((b) => b.postUid))}::text[], ${toArray(batch.map((b) => b.viewer))}::text[], ${toArray(batch.map((b) => b.day))}::text[]) as v(post_uid, viewer, day)
          where exists (select 1 from posts p where p.uid = v.post_uid)
        ),
        inserted as (
          insert into post_views (post_uid, viewer, day)
          select post_uid, viewer, day from incoming
          on conflict do nothing
          returning post_uid
        ),
        counts as (select post_uid, count(*)::int as n from inserted group by post_uid)
        update posts set views_count = posts.views_count + counts.n from counts where posts.uid = counts.post_uid`);
    } catch (error) {
      // A post deleted between the check and the insert fails the batch: keep it for the next tick,
      // where the existence check drops that post's views. While the database is away the buffer is
      // capped, so a long outage cannot fill the memory (views beyond the cap are not counted).
      for (const view of batch) {
        if (this.pending.size >= MAX_PENDING) break;
        this.pending.set(`${view.postUid}\n${view.day}\n${view.viewer}`, view);
      }
      this.log.warn({ err: error, views: batch.length }, 'writing post views failed; retrying on the next flush');
      return;
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const oldest = viewDay(new Date(Date.now() - KEEP_DAYS * 24 * 3600 * 1000));
    try {
      await this.db.execute(sql`delete from post_views where day < ${oldest}`);
    } catch (error) {
      this.log.warn({ err: error }, 'pruning old post views failed');
    }
  }
}

/** A text[] literal for unnest (drizzle would otherwise expand the array into a row). */
function toArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
