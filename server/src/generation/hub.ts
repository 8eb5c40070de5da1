import { randomUUID } from 'node:crypto';
import type { GenerateStatus } from '@butterfic/contract';
import type pg from 'pg';
import type { Notifications } from '../db/notifications';

/**
 * Fan-out of streamed text. Readers on the process that runs a job get every
 * delta at once from memory; readers on other processes get them through
 * PostgreSQL LISTEN/NOTIFY, batched every 100 ms into payloads under the
 * 8000-byte NOTIFY limit. Deltas carry their offset in the chapter (UTF-16
 * units), so a reader can join late and splice without gaps or repeats.
 */

export type HubEvent =
  | { type: 'delta'; novel: string; chapter: number; offset: number; text: string }
  /** A new attempt resumes from the saved text: readers holding more than that must start over. */
  | { type: 'reset'; novel: string }
  | { type: 'done'; novel: string; status: GenerateStatus; wordCount: number }
  | { type: 'error'; novel: string; status: GenerateStatus; message: string };

/** `local`: the event comes from a job on this process (in order, nothing missed), not through NOTIFY. */
type Listener = (event: HubEvent, local: boolean) => void;
/** A chapter being written on this process: its text so far, the attempt's token, and its novel's author (null: unknown). */
type Live = { chapter: number; text: string; token: number; author: string | null };
/** Where the hub reports trouble on its LISTEN connection (a pino logger fits). */
export type HubLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export const STREAM_CHANNEL = 'butterfic_stream';
export const JOBS_CHANNEL = 'butterfic_jobs';
export const CONTROL_CHANNEL = 'butterfic_control';
/** NOTIFY refuses payloads of 8000 bytes or more; batches are cut below this, measured as the JSON sent. */
export const MAX_PAYLOAD = 7000;
/** A delta longer than this (as escaped JSON) is cut into pieces. */
const MAX_PIECE = 3000;
const FLUSH_MS = 100;

/** Bytes one UTF-16 unit takes inside a JSON string (UTF-8, after JSON.stringify's escapes). */
function jsonBytes(code: number): number {
  if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x0c || code === 0x0a || code === 0x0d || code === 0x09) return 2;
  if (code < 0x20) return 6; // \u00XX
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 2; // half of a 4-byte pair (a lone half would be escaped: never cut one off)
  return 3;
}

export class StreamHub {
  readonly origin = randomUUID().slice(0, 8);
  /** How this process's own NOTIFY payloads begin (they come back on its LISTEN connection: skipped unparsed). */
  private readonly head = `{"o":${JSON.stringify(this.origin)},"e":[`;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly live = new Map<string, Live>();
  private pending: HubEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private tokens = 0;

  constructor(
    private readonly pool: pg.Pool,
    /** The process's LISTEN connection (db/notifications.ts), shared with the auth cache. */
    private readonly notifications: Notifications,
    /** Where the engine's stream side logs (the stream watchdog uses it too). */
    readonly log: HubLog = { warn: () => undefined, error: () => undefined },
  ) {}

  /** Hears other processes' deltas on the shared LISTEN connection. */
  async start(): Promise<void> {
    await this.notifications.on(STREAM_CHANNEL, (payload) => {
      if (payload) this.receive(payload);
    });
  }

  /** Whether the LISTEN connection is up (readers fall back to the database while it is not). */
  get listening(): boolean {
    return this.notifications.listening;
  }

  /** Runs `handler` for every NOTIFY on `channel` (job wake-ups, stop requests); see Notifications.on. */
  onChannel(channel: string, handler: (payload: string) => void): Promise<void> {
    return this.notifications.on(channel, handler);
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  subscribe(novel: string, listener: Listener): () => void {
    const set = this.listeners.get(novel) ?? new Set();
    set.add(listener);
    this.listeners.set(novel, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(novel);
    };
  }

  /** The text of a chapter being written by this process, if it is. */
  liveText(novel: string): Live | null {
    return this.live.get(novel) ?? null;
  }

  /**
   * A job on this process starts writing `chapter`, which already holds `text`.
   * Answers the token that publish and finish need: a worker that lost its job
   * can never write into the stream of the worker that took it over. A resumed
   * attempt tells earlier readers to start over.
   */
  begin(novel: string, chapter: number, text: string, resumed: boolean, author: string | null = null): number {
    const token = ++this.tokens;
    this.live.set(novel, { chapter, text, token, author });
    if (resumed) {
      const event: HubEvent = { type: 'reset', novel };
      this.emit(event);
      this.queue(event);
    }
    return token;
  }

  publish(novel: string, text: string, token: number): void {
    const live = this.live.get(novel);
    if (!live || live.token !== token || !text) return;
    const event: HubEvent = { type: 'delta', novel, chapter: live.chapter, offset: live.text.length, text };
    live.text += text;
    this.emit(event);
    this.queue(event);
  }

  /** Ends an attempt's stream; only the attempt holding `token` can (a stale worker's finish is ignored). */
  finish(novel: string, event: Extract<HubEvent, { type: 'done' | 'error' }>, token: number): void {
    const live = this.live.get(novel);
    if (live && live.token !== token) return;
    this.live.delete(novel);
    this.emit(event);
    this.queue(event);
  }

  /** Drops the attempt's entry without telling readers (the job goes on elsewhere). */
  release(novel: string, token: number): void {
    if (this.live.get(novel)?.token === token) this.live.delete(novel);
  }

  private emit(event: HubEvent, local = true): void {
    this.listeners.get(event.novel)?.forEach((listener) => listener(event, local));
  }

  private queue(event: HubEvent): void {
    this.pending.push(event);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Sends the queued events to other processes in as few NOTIFYs as fit. */
  async flush(): Promise<void> {
    this.timer = null;
    const events = this.merge(this.pending.splice(0));
    let batch: string[] = [];
    let size = 0;
    const head = this.head;
    const send = async () => {
      if (!batch.length) return;
      const payload = `${head}${batch.join(',')}]}`;
      batch = [];
      size = 0;
      await this.notify(STREAM_CHANNEL, payload).catch((error: unknown) =>
        this.log.error(
          { err: error, bytes: Buffer.byteLength(payload) },
          'a stream NOTIFY failed: readers on other processes catch up from the database',
        ),
      );
    };
    for (const event of events) {
      for (const piece of this.split(event)) {
        const json = JSON.stringify(piece);
        const length = Buffer.byteLength(json) + 1;
        if (size + length > MAX_PAYLOAD - head.length - 2) await send();
        batch.push(json);
        size += length;
      }
    }
    await send();
  }

  /** Consecutive deltas of one chapter become one. */
  private merge(events: HubEvent[]): HubEvent[] {
    const out: HubEvent[] = [];
    for (const event of events) {
      const last = out[out.length - 1];
      if (
        event.type === 'delta' &&
        last?.type === 'delta' &&
        last.novel === event.novel &&
        last.chapter === event.chapter &&
        last.offset + last.text.length === event.offset
      ) {
        last.text += event.text;
      } else {
        out.push({ ...event });
      }
    }
    return out;
  }

  /**
   * Splits a long delta so each piece, as the JSON it is sent as (quotes, newlines and control
   * characters escaped), stays under MAX_PIECE bytes; never inside a surrogate pair.
   */
  private split(event: HubEvent): HubEvent[] {
    if (event.type !== 'delta' || Buffer.byteLength(JSON.stringify(event.text)) <= MAX_PIECE) return [event];
    const pieces: HubEvent[] = [];
    const text = event.text;
    let start = 0;
    while (start < text.length) {
      let end = start;
      let bytes = 0;
      while (end < text.length && bytes + jsonBytes(text.charCodeAt(end)) <= MAX_PIECE) bytes += jsonBytes(text.charCodeAt(end++));
      const code = text.charCodeAt(end - 1);
      if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
      pieces.push({ ...event, offset: event.offset + start, text: text.slice(start, end) });
      start = end;
    }
    return pieces;
  }

  private receive(payload: string): void {
    if (payload.startsWith(this.head)) return;
    let message: { o: string; e: HubEvent[] };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.o === this.origin) return;
    for (const event of message.e) this.emit(event, false);
  }

  /** Sends what is queued; the LISTEN connection is the app's to close (after this). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }
}
