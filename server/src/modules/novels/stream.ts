import type { GenerateStatus } from '@butterfic/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_HEADERS } from '../../plugins/security';
import type { Deps } from '../../app';
import { novels } from '../../db/schema';
import type { HubEvent } from '../../generation/hub';
import { novelDetails } from './service';
import { chosenChapterText } from './versions';

const LIVE: GenerateStatus[] = ['generating', 'continuing'];

/**
 * GET /novel/stream/: Server-Sent Events of the chapter being written.
 * The first `delta` carries the chapter's text so far; then every new piece;
 * then `done` (or `error`). Works for a job on this process (from memory) or
 * on another one (LISTEN/NOTIFY, spliced by offset onto the saved text).
 */
export async function streamNovel(deps: Deps, request: FastifyRequest, reply: FastifyReply, novelUid: string): Promise<void> {
  const db = deps.database.db;
  const details = await novelDetails(db, request.user, novelUid); // access checks: 404001 / 403001
  const lastIndex = details.chapters[details.chapters.length - 1]?.index ?? 0;

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
    // A hijacked reply skips the onSend hook: the same security headers as every other answer.
    ...SECURITY_HEADERS,
  });
  let closed = false;
  const send = (event: string, data: unknown) => {
    if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  let chapter = lastIndex;
  let have = ''; // what this reader has of `chapter`
  const buffered: HubEvent[] = [];
  let ready = false;
  let finished = false;

  const end = () => {
    if (closed) return;
    closed = true;
    deps.openStreams.delete(end);
    unsubscribe();
    clearInterval(watchdog);
    clearInterval(heartbeat);
    res.end();
  };

  /** The outcome, after any text this reader missed (a dropped NOTIFY, a reconnect of the LISTEN connection). */
  const finish = (event: Extract<HubEvent, { type: 'done' | 'error' }>) => {
    if (finished) return;
    finished = true;
    void (async () => {
      const saved = await readSaved().catch(() => have);
      if (saved.length > have.length && saved.startsWith(have)) send('delta', { chapter, text: saved.slice(have.length) });
      if (event.type === 'done') send('done', { generate_status: event.status, word_count: event.wordCount });
      else send('error', { message: event.message, generate_status: event.status });
      end();
    })();
  };

  const apply = (event: HubEvent): 'ok' | 'gap' => {
    if (event.type === 'reset') {
      // A new attempt resumes from the saved text; this reader may hold more. Closing makes the client reconnect and start over.
      end();
      return 'ok';
    }
    if (event.type !== 'delta') {
      finish(event);
      return 'ok';
    }
    if (event.chapter !== chapter) {
      if (event.chapter < chapter) return 'ok';
      chapter = event.chapter;
      have = '';
    }
    const upTo = event.offset + event.text.length;
    if (upTo <= have.length) return 'ok';
    if (event.offset > have.length) return 'gap';
    const piece = event.text.slice(have.length - event.offset);
    have += piece;
    send('delta', { chapter, text: piece });
    return 'ok';
  };

  // The chosen version of the chapter (the one a job writes is always chosen: no select while it runs).
  const readSaved = () => chosenChapterText(db, novelUid, chapter);

  let catchingUp: Promise<void> | null = null;
  const catchUp = async () => {
    // A gap: text written before we subscribed is not saved yet. It is within a second.
    for (let i = 0; i < 20 && !closed; i++) {
      const saved = await readSaved();
      if (saved.length > have.length && saved.startsWith(have)) {
        const piece = saved.slice(have.length);
        have = saved;
        send('delta', { chapter, text: piece });
      }
      const pending = buffered.splice(0);
      const stuck = pending.findIndex((e) => apply(e) === 'gap');
      if (stuck < 0) return;
      buffered.unshift(...pending.slice(stuck));
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const unsubscribe = deps.hub.subscribe(novelUid, (event) => {
    if (!ready || catchingUp) {
      buffered.push(event);
      return;
    }
    if (apply(event) === 'gap') {
      buffered.push(event);
      catchingUp = catchUp().finally(() => (catchingUp = null));
    }
  });

  // Readers that lost their job (worker died, NOTIFY missed) learn the outcome from the database.
  const watchdog = setInterval(() => {
    void (async () => {
      const [row] = await db
        .select({ status: novels.generateStatus, words: novels.wordCount, failure: novels.failure })
        .from(novels)
        .where(eq(novels.uid, novelUid));
      if (!row || LIVE.includes(row.status) || catchingUp) return;
      if (row.status === 'failed') finish({ type: 'error', novel: novelUid, status: row.status, message: row.failure ?? 'failed' });
      else finish({ type: 'done', novel: novelUid, status: row.status, wordCount: row.words });
    })().catch(() => undefined);
  }, 3000);
  const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), 15_000);
  request.raw.on('close', end);
  deps.openStreams.add(end);
  // The client may have gone while we read the novel: then 'close' has already fired.
  if (request.raw.destroyed || res.destroyed) {
    end();
    return;
  }

  const live = deps.hub.liveText(novelUid);
  if (live) {
    chapter = live.chapter;
    have = live.text;
    send('delta', { chapter, text: have });
  } else {
    have = details.chapters.find((c) => c.index === chapter)?.content ?? '';
    send('delta', { chapter, text: have });
    if (!LIVE.includes(details.novel.generate_status)) {
      const { generate_status: status, word_count: wordCount, failure } = details.novel;
      finish(
        status === 'failed'
          ? { type: 'error', novel: novelUid, status, message: failure ?? 'failed' }
          : { type: 'done', novel: novelUid, status, wordCount },
      );
      return;
    }
  }
  ready = true;
  const early = buffered.splice(0);
  for (const event of early) {
    if (apply(event) === 'gap') {
      buffered.push(event, ...early.slice(early.indexOf(event) + 1));
      catchingUp = catchUp().finally(() => (catchingUp = null));
      break;
    }
  }
}
