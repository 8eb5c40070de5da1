import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { inOneTrip, literal } from '../db/one-trip';
import { AppError } from './errors';

/** How long a slot counts without its process renewing it (a process that died frees its slots after this). */
export const STREAM_LEASE_SECONDS = 60;
/** How often a process renews the slots it holds. */
const RENEW_MS = 20_000;
/** Retry-After for a refused stream: streams end when their chapter does, so soon. */
const RETRY_SECONDS = 10;

export type StreamSlot = { release: () => void };

const NO_SLOT: StreamSlot = { release: () => undefined };

/**
 * The per-account cap on open SSE streams (MAX_STREAMS_PER_USER, `0` = unlimited), counted in
 * PostgreSQL so it holds across every app process on the same database: one `stream_slots` row per
 * open stream. Taking a slot locks the account (an advisory lock for the transaction), counts its
 * live rows and inserts one, so concurrent opens cannot both pass. Each process renews its own rows
 * every 20 s; the rows of a process that died without closing them stop counting after
 * STREAM_LEASE_SECONDS and are deleted by the next open of the same account.
 *
 * Visitors (no account) are not counted: there is no account to count them against, and their
 * streams are short (a visitor may only open a published story, whose stream ends at once unless its
 * author is writing the next chapter right then). Their opens are limited per client address instead
 * (LIMITS.visitorStreamsPerIp, in streamNovel).
 */
export class StreamSlots {
  /** This process's id in `stream_slots.holder`. */
  readonly holder = randomUUID();
  private renew: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * A slot for `userUid`'s new stream, freed when `response` closes (ended by us, or the client gone);
   * 429001 (Retry-After) when the account already has `max` open.
   */
  async acquire(userUid: string | undefined, response?: ServerResponse): Promise<StreamSlot> {
    if (this.max === 0 || !userUid) return NO_SLOT;
    const id = randomUUID();
    const user = literal(userUid);
    // One round trip, one transaction: the account's lock, then the lapsed rows gone, then a row when there is room.
    const [, , taken] = await inOneTrip(this.db, [
      `select pg_advisory_xact_lock(hashtextextended(${literal('stream-slots:' + userUid)}, 0))`,
      `delete from stream_slots where user_uid = ${user} and seen_at < now() - make_interval(secs => ${literal(STREAM_LEASE_SECONDS)})`,
      `insert into stream_slots (id, user_uid, holder) select ${literal(id)}, ${user}, ${literal(this.holder)}
        where (select count(*) from stream_slots where user_uid = ${user}) < ${literal(this.max)} returning id`,
    ]);
    const admitted = taken?.rowCount === 1;
    if (!admitted) {
      throw new AppError('rateLimited', {
        message: 'tooManyStreams',
        headers: { 'retry-after': String(RETRY_SECONDS) },
        params: { max: this.max },
        data: { retry_after: RETRY_SECONDS },
      });
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.track(this.db.execute(sql`delete from stream_slots where id = ${id}`));
    };
    response?.once('close', release);
    if (response?.destroyed) release();
    return { release };
  }

  /** Renews this process's slots every 20 s. */
  start(): void {
    if (this.max === 0 || this.renew) return;
    this.renew = setInterval(() => {
      this.track(this.db.execute(sql`update stream_slots set seen_at = now() where holder = ${this.holder}`));
    }, RENEW_MS).unref();
  }

  /** After the streams have ended: waits for their releases and drops anything this process still holds. */
  async stop(): Promise<void> {
    clearInterval(this.renew);
    this.renew = undefined;
    if (this.max === 0) return;
    await Promise.allSettled([...this.pending]);
    await this.db.execute(sql`delete from stream_slots where holder = ${this.holder}`).catch((error: unknown) => {
      this.log?.warn({ err: error }, 'could not free the stream slots of this process');
    });
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      (error: unknown) => this.log?.warn({ err: error }, 'stream slot bookkeeping failed; the lease frees it'),
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }
}
