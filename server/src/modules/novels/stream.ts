import type { ServerResponse } from 'node:http';
import type { GenerateStatus } from '@butterfic/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../../lib/client-address';
import { LIMITS } from '../../lib/limits';
import { rateLimit } from '../../lib/rate-limit';
import { SECURITY_HEADERS } from '../../plugins/security';
import type { Deps } from '../../deps';
import type { Db } from '../../db';
import { chapters, novels, users } from '../../db/schema';
import type { HubEvent, HubLog } from '../../generation/hub';
import { LISTS_CHANNEL } from '../../lib/cache';
import { AUTH_CHANNEL } from '../../lib/cache';
import { authorBlocked, isBlocked, type AuthUser } from '../../plugins/auth';
import { assertReadable } from './service';
import { chosenChapterText } from './versions';

const LIVE: GenerateStatus[] = ['generating', 'continuing'];
type Outcome = Extract<HubEvent, { type: 'done' | 'error' }>;
type NovelRow = { uid: string; status: GenerateStatus; words: number; failure: string | null };

/**
 * How a finished novel's last job ended, as its live readers heard it: a failure on record (failed, or
 * a chapter the safety check cut short or a continuation that failed, the novel still done) is the
 * same error event; a reader who arrives after the end must not be told "done" instead.
 */
const outcomeOf = (row: NovelRow): Outcome =>
  row.status === 'failed' || row.failure
    ? { type: 'error', novel: row.uid, status: row.status, message: row.failure ?? 'failed' }
    : { type: 'done', novel: row.uid, status: row.status, wordCount: row.words };

/**
 * The watchdog of every open stream of one process: readers whose job ended
 * where they could not hear it (its worker died, a NOTIFY was missed) learn the
 * outcome from the database. One query every WATCH_MS for all watched novels,
 * however many readers each has; nothing runs while no stream is open.
 */
const WATCH_MS = 3000;
class StreamWatchdog {
  private readonly watchers = new Map<string, Set<(row: NovelRow) => void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: HubLog,
  ) {}

  watch(novel: string, onEnded: (row: NovelRow) => void): () => void {
    const set = this.watchers.get(novel) ?? new Set();
    set.add(onEnded);
    this.watchers.set(novel, set);
    this.timer ??= setInterval(
      () =>
        void this.check().catch((error: unknown) =>
          this.log.warn({ err: error }, 'the stream watchdog could not read novels; trying again'),
        ),
      WATCH_MS,
    );
    return () => {
      set.delete(onEnded);
      if (set.size === 0) this.watchers.delete(novel);
      if (this.watchers.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private async check(): Promise<void> {
    const uids = [...this.watchers.keys()];
    if (uids.length === 0) return;
    const rows = await this.db
      .select({ uid: novels.uid, status: novels.generateStatus, words: novels.wordCount, failure: novels.failure })
      .from(novels)
      .where(inArray(novels.uid, uids));
    for (const row of rows) if (!LIVE.includes(row.status)) this.watchers.get(row.uid)?.forEach((onEnded) => onEnded(row));
  }
}
const watchdogs = new WeakMap<Deps, StreamWatchdog>();
const watchdogOf = (deps: Deps) => {
  let watchdog = watchdogs.get(deps);
  if (!watchdog) watchdogs.set(deps, (watchdog = new StreamWatchdog(deps.database.db, deps.hub.log)));
  return watchdog;
};

/** Why an open stream was ended by what changed around it (issue 46): the reader's account, or the novel. */
export type StreamEndReason = 'blocked' | 'taken_down';

/**
 * Open streams follow bans and takedowns (issue 46): a reader whose account is suspended or banned, or
 * who may no longer read the novel (taken down, deleted, made private, its author blocked), loses the
 * stream at once with the SSE `error` event `blocked` or `taken_down`. Nothing polls: the guard hears
 * the NOTIFY the triggers already send (channel butterfic_auth with an account's uid, migration 0012;
 * butterfic_lists with `novels:<author uid>`, migrations 0027 and 0028) and re-reads only when a notice
 * names a reader or an author of an open stream of this process: one query per notice (the notices
 * of one tick together), streams of everyone else untouched. A LISTEN connection that comes back
 * after missing notices re-reads every open stream once.
 */
type Guarded = {
  reader: string | null;
  viewer: AuthUser | null;
  author: string;
  novel: string;
  end: (reason: StreamEndReason, status: GenerateStatus) => void;
};
class StreamGuard {
  private readonly byReader = new Map<string, Set<Guarded>>();
  private readonly byAuthor = new Map<string, Set<Guarded>>();
  private readonly pending = { readers: new Set<string>(), authors: new Set<string>() };
  private queued = false;

  constructor(private readonly deps: Deps) {}

  /** Listens on the two channels; run once, before the process serves (app.ts, onReady). */
  async start(): Promise<void> {
    const { notifications } = this.deps;
    notifications.onState((listening) => {
      if (!listening) return;
      for (const uid of this.byReader.keys()) this.pending.readers.add(uid);
      for (const uid of this.byAuthor.keys()) this.pending.authors.add(uid);
      this.schedule();
    });
    await notifications.on(AUTH_CHANNEL, (uid) => {
      if (!this.byReader.has(uid)) return;
      this.pending.readers.add(uid);
      this.schedule();
    });
    await notifications.on(LISTS_CHANNEL, (payload) => {
      if (!payload.startsWith('novels:')) return;
      const author = payload.slice('novels:'.length);
      if (!this.byAuthor.has(author)) return;
      this.pending.authors.add(author);
      this.schedule();
    });
  }

  watch(stream: Guarded): () => void {
    const add = (map: Map<string, Set<Guarded>>, key: string) => {
      const set = map.get(key) ?? new Set();
      set.add(stream);
      map.set(key, set);
      return () => {
        set.delete(stream);
        if (set.size === 0 && map.get(key) === set) map.delete(key);
      };
    };
    const off = [add(this.byAuthor, stream.author)];
    if (stream.reader) off.push(add(this.byReader, stream.reader));
    return () => off.forEach((f) => f());
  }

  private schedule(): void {
    if (this.queued) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      const readers = [...this.pending.readers];
      const authors = [...this.pending.authors];
      this.pending.readers.clear();
      this.pending.authors.clear();
      for (const reader of readers) void this.checkReader(reader).catch((error: unknown) => this.warn(error));
      for (const author of authors) void this.checkAuthor(author).catch((error: unknown) => this.warn(error));
    });
  }

  private warn(error: unknown): void {
    this.deps.hub.log.warn({ err: error }, 'an open stream could not re-read its reader or novel after a notice');
  }

  /** The reader's account changed: suspended or banned (or gone) ends every stream of theirs here. */
  private async checkReader(reader: string): Promise<void> {
    const streams = [...(this.byReader.get(reader) ?? [])];
    if (streams.length === 0) return;
    const [account] = await this.deps.database.db
      .select({ status: users.status, suspendedUntil: users.suspendedUntil })
      .from(users)
      .where(eq(users.uid, reader));
    if (account && !isBlocked(account)) return;
    const rows = await this.statusOf(streams.map((s) => s.novel));
    for (const stream of streams) stream.end('blocked', rows.get(stream.novel) ?? 'failed');
  }

  /** The author's novels changed: a stream whose reader may no longer read its novel ends. */
  private async checkAuthor(author: string): Promise<void> {
    const streams = [...(this.byAuthor.get(author) ?? [])];
    if (streams.length === 0) return;
    const rows = await this.deps.database.db
      .select(readableColumns())
      .from(novels)
      .where(inArray(novels.uid, [...new Set(streams.map((s) => s.novel))]));
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    for (const stream of streams) {
      const row = byUid.get(stream.novel);
      try {
        assertReadable(stream.viewer, row, row?.blocked ?? false);
      } catch {
        stream.end('taken_down', row?.generateStatus ?? 'failed');
      }
    }
  }

  private async statusOf(uids: string[]): Promise<Map<string, GenerateStatus>> {
    const rows = await this.deps.database.db
      .select({ uid: novels.uid, status: novels.generateStatus })
      .from(novels)
      .where(inArray(novels.uid, [...new Set(uids)]));
    return new Map(rows.map((row) => [row.uid, row.status]));
  }
}
const guards = new WeakMap<Deps, StreamGuard>();
/** The stream guard of this process (one per app): `start()` it before serving. */
export const streamGuardOf = (deps: Deps): StreamGuard => {
  let guard = guards.get(deps);
  if (!guard) guards.set(deps, (guard = new StreamGuard(deps)));
  return guard;
};

/**
 * One reader's stream, around an explicit state:
 *  - starting: subscribed to the hub (events are buffered) while the text so far is sent;
 *  - live: each delta is spliced by its offset onto what the reader has;
 *  - catching-up: a delta left a gap (text written before we subscribed, not saved yet), the saved
 *    text is read until it closes the gap; events are buffered meanwhile;
 *  - finishing: the outcome is known; any text the reader missed is sent, then the outcome;
 *  - closed: the client went, a new attempt reset the chapter, the server is stopping, or it finished.
 * SSE writes are coalesced per tick: consecutive deltas become one event, in one write.
 */
class ReaderStream {
  state: 'starting' | 'live' | 'catching-up' | 'finishing' | 'closed' = 'starting';
  /** The chapter this reader follows, and what it has of it. */
  chapter: number;
  have = '';
  private readonly buffered: HubEvent[] = [];
  /** Whether every event so far came from this process's own hub (nothing can have been missed). */
  private onlyLocal = true;
  private out: { delta: string; events: string[] } = { delta: '', events: [] };
  private flushQueued = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly res: ServerResponse,
    private readonly novel: string,
    chapter: number,
    /** Who reads (null: a visitor) and whose novel it is: the guard ends the stream on a ban or a takedown. */
    private readonly access: { viewer: AuthUser | null; author: string },
  ) {
    this.chapter = chapter;
  }

  /** Subscribes to the hub and the watchdog, and ends with the client's socket and the server. */
  open(): void {
    const close = () => this.close();
    this.res.once('close', close);
    this.deps.openStreams.add(close);
    this.cleanups.push(
      () => this.deps.openStreams.delete(close),
      this.deps.hub.subscribe(this.novel, (event, local) => this.receive(event, local)),
      watchdogOf(this.deps).watch(this.novel, (row) => {
        if (this.state === 'live') this.finish(outcomeOf(row), true);
      }),
      streamGuardOf(this.deps).watch({
        reader: this.access.viewer?.uid ?? null,
        viewer: this.access.viewer,
        author: this.access.author,
        novel: this.novel,
        // Nothing more of the text: the outcome is that this reader may not read on.
        end: (reason, status) => this.finish({ type: 'error', novel: this.novel, status, message: reason }, false),
      }),
    );
    const keepAlive = setInterval(() => this.state !== 'closed' && this.res.write(': keep-alive\n\n'), 15_000);
    this.cleanups.push(() => clearInterval(keepAlive));
  }

  /** The client went before we answered (its socket is gone). */
  get clientGone(): boolean {
    return !this.res.socket || this.res.socket.destroyed || this.res.destroyed;
  }

  /** Sends the text so far, then whatever arrived meanwhile; `outcome` when the novel is not being written. */
  start(text: string, outcome: Outcome | null): void {
    this.have = text;
    this.queueDelta(text, true);
    if (outcome) {
      this.finish(outcome, false);
      return;
    }
    this.state = 'live';
    if (this.drain() === 'gap') void this.catchUp();
  }

  private receive(event: HubEvent, local: boolean): void {
    if (!local) this.onlyLocal = false;
    if (this.state === 'closed' || this.state === 'finishing') return;
    if (this.state !== 'live') {
      this.buffered.push(event);
      return;
    }
    if (this.apply(event) === 'gap') {
      this.buffered.push(event);
      void this.catchUp();
    }
  }

  /** Applies buffered events in order; stops at one that leaves a gap. */
  private drain(): 'ok' | 'gap' {
    while (this.state === 'live' && this.buffered.length > 0) {
      if (this.apply(this.buffered[0]!) === 'gap') return 'gap';
      this.buffered.shift();
    }
    return 'ok';
  }

  private apply(event: HubEvent): 'ok' | 'gap' {
    if (event.type === 'reset') {
      // A new attempt resumes from the saved text; this reader may hold more. Closing makes the client reconnect and start over.
      this.close();
      return 'ok';
    }
    if (event.type !== 'delta') {
      // Heard only from this process's own hub, in order and without a gap: nothing can be missing.
      this.finish(event, !this.onlyLocal);
      return 'ok';
    }
    if (event.chapter !== this.chapter) {
      if (event.chapter < this.chapter) return 'ok';
      this.pushDelta(); // text still queued belongs to the chapter before
      this.chapter = event.chapter;
      this.have = '';
    }
    const upTo = event.offset + event.text.length;
    if (upTo <= this.have.length) return 'ok';
    if (event.offset > this.have.length) {
      this.onlyLocal = false;
      return 'gap';
    }
    this.append(event.text.slice(this.have.length - event.offset));
    return 'ok';
  }

  private append(piece: string): void {
    this.have += piece;
    this.queueDelta(piece, false);
  }

  /** A gap: text written before we subscribed is not saved yet. It is within a second. */
  private async catchUp(): Promise<void> {
    this.state = 'catching-up';
    for (let i = 0; i < 20; i++) {
      const saved = await this.readSaved().catch(() => this.have);
      if (this.state !== 'catching-up') return;
      if (saved.length > this.have.length && saved.startsWith(this.have)) this.append(saved.slice(this.have.length));
      this.state = 'live';
      if (this.drain() === 'ok') return;
      this.state = 'catching-up';
      await new Promise((r) => setTimeout(r, 150));
      if (this.state !== 'catching-up') return;
    }
    // Still a gap after 20 tries: carry on live (the next delta or the watchdog tries again).
    this.state = 'live';
  }

  /**
   * The outcome, after any text this reader missed (a dropped NOTIFY, a reconnect of the LISTEN
   * connection). A reader that heard everything from this process's own hub has missed nothing.
   */
  private finish(outcome: Outcome, readSavedFirst: boolean): void {
    if (this.state === 'finishing' || this.state === 'closed') return;
    this.state = 'finishing';
    void (async () => {
      if (readSavedFirst) {
        const saved = await this.readSaved().catch(() => this.have);
        if (saved.length > this.have.length && saved.startsWith(this.have)) this.append(saved.slice(this.have.length));
      }
      if (outcome.type === 'done') this.queueEvent('done', { generate_status: outcome.status, word_count: outcome.wordCount });
      else this.queueEvent('error', { message: outcome.message, generate_status: outcome.status });
      this.flush();
      this.close();
    })();
  }

  /** The chosen version of the chapter (the one a job writes is always chosen: no select while it runs). */
  private readSaved(): Promise<string> {
    return chosenChapterText(this.deps.database.db, this.novel, this.chapter);
  }

  // ---- output, coalesced per tick ----

  private queueDelta(text: string, always: boolean): void {
    if (!text && !always) return;
    if (always) {
      this.pushDelta();
      this.out.events.push(`event: delta\ndata: ${JSON.stringify({ chapter: this.chapter, text })}\n\n`);
    } else this.out.delta += text; // after any event already queued: pushDelta() keeps the order
    this.scheduleFlush();
  }

  private pushDelta(): void {
    if (!this.out.delta) return;
    this.out.events.push(`event: delta\ndata: ${JSON.stringify({ chapter: this.chapter, text: this.out.delta })}\n\n`);
    this.out.delta = '';
  }

  private queueEvent(event: string, data: unknown): void {
    this.pushDelta();
    this.out.events.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    process.nextTick(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    this.pushDelta();
    if (this.out.events.length === 0 || this.state === 'closed') return;
    const chunk = this.out.events.join('');
    this.out.events = [];
    this.res.write(chunk);
  }

  close(): void {
    if (this.state === 'closed') return;
    if (!this.clientGone) this.flush();
    this.state = 'closed';
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.res.end();
  }
}

/**
 * GET /novel/stream/: Server-Sent Events of the chapter being written.
 * The first `delta` carries the chapter's text so far; then every new piece;
 * then `done` (or `error`). Works for a job on this process (from memory) or
 * on another one (LISTEN/NOTIFY, spliced by offset onto the saved text).
 */
export async function streamNovel(deps: Deps, request: FastifyRequest, reply: FastifyReply, novelUid: string): Promise<void> {
  // Visitors have no account to count open streams against: their opens are limited per client address.
  if (!request.user) await rateLimit(deps.database.db, `stream:visitor:${clientAddress(request.ip)}`, LIMITS.visitorStreamsPerIp);
  // The author of a chapter being written here may always read it: no read (its live text is what follow() sends).
  const mine = request.user !== null && deps.hub.liveText(novelUid)?.author === request.user.uid;
  let saved = mine ? null : savedOf(await readableNovel(deps.database.db, request.user, novelUid)); // access checks: 404001 / 403001
  await deps.streamSlots.acquire(request.user?.uid, reply.raw); // MAX_STREAMS_PER_USER: 429001 over it; freed when the response closes
  // Ended meanwhile: its outcome is in the database.
  if (!saved && !deps.hub.liveText(novelUid)) saved = savedOf(await readableNovel(deps.database.db, request.user, novelUid));
  follow(deps, request, reply, novelUid, saved ?? { chapter: 0, text: '', outcome: null, author: request.user?.uid ?? '' });
}

/** What a reader starts from when the job does not run here: the saved text, and the outcome once it is over. */
const savedOf = (novel: NovelRow & { chapter: number; text: string; author: string }) => ({
  chapter: novel.chapter,
  text: novel.text,
  outcome: LIVE.includes(novel.status) ? null : outcomeOf(novel),
  author: novel.author,
});

/**
 * Takes the reply over and sends the chapter being written: the text so far (this process's live text
 * when the job runs here, else `saved`), then every new piece, then the outcome. `head`: an event sent
 * first (a start call's JSON answer).
 */
function follow(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  novelUid: string,
  saved: { chapter: number; text: string; outcome: Outcome | null; author: string },
  head?: unknown,
): void {
  const stream = new ReaderStream(deps, openEventStream(request, reply), novelUid, saved.chapter, {
    viewer: request.user,
    author: saved.author,
  });
  if (head !== undefined) reply.raw.write(`event: head\ndata: ${JSON.stringify(head)}\n\n`);
  // The client may have gone while we read the novel.
  if (stream.clientGone) {
    reply.raw.end();
    return;
  }
  stream.open();
  const live = deps.hub.liveText(novelUid);
  if (live) {
    stream.chapter = live.chapter;
    stream.start(live.text, null);
    return;
  }
  stream.start(saved.text, saved.outcome);
}

/** Whether a start call (generate, continue, rewrite) asked for its story on the same request. */
export const wantsEventStream = (request: FastifyRequest): boolean => /\btext\/event-stream\b/.test(request.headers.accept ?? '');

/**
 * One round trip from Generate to text (docs/decisions/0039): a start call sent with
 * `Accept: text/event-stream` answers Server-Sent Events on the same request: a `head` event
 * carrying the JSON answer (the envelope a JSON client gets), then the story exactly as
 * GET /novel/stream/ sends it. `chapter`: the chapter the job writes, when the call knows it
 * (a new story: 0); otherwise the novel is read as the stream call reads it. Over
 * MAX_STREAMS_PER_USER the call answers JSON, and the client follows with GET /novel/stream/.
 */
export async function answerWithStream<Head extends { data: { novel_uid: string } }>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  head: Head,
  chapter?: number,
): Promise<Head | undefined> {
  const user = request.user;
  const novelUid = head.data.novel_uid;
  try {
    await deps.streamSlots.acquire(user?.uid, reply.raw);
  } catch {
    return head;
  }
  // A job running here (follow() starts from its live text) or a new story's known chapter needs no read.
  // The caller started the job on its own novel: its author.
  const saved =
    user && (deps.hub.liveText(novelUid) || chapter !== undefined)
      ? { chapter: chapter ?? 0, text: '', outcome: null, author: user.uid }
      : savedOf(await readableNovel(deps.database.db, user, novelUid));
  follow(deps, request, reply, novelUid, saved, head);
}

/** What `assertReadable` reads of a novel (its details' access rule), for a stream opening and the stream guard. */
const readableColumns = () => ({
  uid: novels.uid,
  authorUid: novels.authorUid,
  status: novels.status,
  isPublic: novels.isPublic,
  isR18: novels.isR18,
  generateStatus: novels.generateStatus,
  blocked: authorBlocked(novels.authorUid),
});

/** The novel's state and its last chapter, after the same access checks as its details, in one query. */
async function readableNovel(
  db: Db,
  viewer: AuthUser | null,
  uid: string,
): Promise<NovelRow & { chapter: number; text: string; author: string }> {
  const [found] = await db
    .select({
      ...readableColumns(),
      words: novels.wordCount,
      failure: novels.failure,
      // The last chapter of the chosen path (docs/decisions/0022): a rewrite's version while it is written.
      last: sql<{ index: number; content: string } | null>`(
        select json_build_object('index', c.index, 'content', c.content) from ${chapters} c
        where c.id = ${novels.path}[cardinality(${novels.path})])`,
    })
    .from(novels)
    .where(eq(novels.uid, uid));
  assertReadable(viewer, found, found?.blocked ?? false);
  return {
    uid: found.uid,
    status: found.generateStatus,
    words: found.words,
    failure: found.failure,
    author: found.authorUid,
    chapter: found.last?.index ?? 0,
    text: found.last?.content ?? '',
  };
}

/** Takes the reply over for Server-Sent Events (story streams, and the variants of a revision). */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
    // A hijacked reply skips the onSend hook: the same security headers as every other answer.
    ...SECURITY_HEADERS,
  });
  return res;
}
