import { randomUUID } from 'node:crypto';
import type { GenerateStatus } from '@butterfic/contract';
import pg from 'pg';

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

type Listener = (event: HubEvent) => void;
type Live = { chapter: number; text: string; token: number };

export const STREAM_CHANNEL = 'butterfic_stream';
export const JOBS_CHANNEL = 'butterfic_jobs';
export const CONTROL_CHANNEL = 'butterfic_control';
const MAX_PAYLOAD = 7000;
const FLUSH_MS = 100;

export class StreamHub {
  readonly origin = randomUUID().slice(0, 8);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly live = new Map<string, Live>();
  private pending: HubEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private client: pg.Client | null = null;
  private readonly channelHandlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private tokens = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  /** Opens the LISTEN connection (one per process). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.closed) return;
      // Reconnect after a database restart; readers fall back to polling meanwhile.
      setTimeout(() => void this.connect().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === STREAM_CHANNEL) this.receive(message.payload);
      else this.channelHandlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? ''));
    });
    await client.connect();
    await client.query(`listen ${STREAM_CHANNEL}`);
    for (const channel of this.channelHandlers.keys()) await client.query(`listen ${channel}`);
    this.client = client;
  }

  /** Runs `handler` for every NOTIFY on `channel` (job wake-ups, stop requests). */
  async onChannel(channel: string, handler: (payload: string) => void): Promise<void> {
    const handlers = this.channelHandlers.get(channel) ?? new Set();
    const fresh = handlers.size === 0;
    handlers.add(handler);
    this.channelHandlers.set(channel, handlers);
    if (fresh && this.client) await this.client.query(`listen ${channel}`);
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
  begin(novel: string, chapter: number, text: string, resumed: boolean): number {
    const token = ++this.tokens;
    this.live.set(novel, { chapter, text, token });
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

  private emit(event: HubEvent): void {
    this.listeners.get(event.novel)?.forEach((listener) => listener(event));
  }

  private queue(event: HubEvent): void {
    this.pending.push(event);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Sends the queued events to other processes in as few NOTIFYs as fit. */
  async flush(): Promise<void> {
    this.timer = null;
    const events = this.merge(this.pending.splice(0));
    let batch: HubEvent[] = [];
    let size = 0;
    const send = async () => {
      if (!batch.length) return;
      const payload = JSON.stringify({ o: this.origin, e: batch });
      batch = [];
      size = 0;
      await this.notify(STREAM_CHANNEL, payload).catch(() => undefined);
    };
    for (const event of events) {
      for (const piece of this.split(event)) {
        const length = Buffer.byteLength(JSON.stringify(piece));
        if (size + length > MAX_PAYLOAD) await send();
        batch.push(piece);
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

  /** Splits a long delta so each piece fits a NOTIFY payload, never inside a surrogate pair. */
  private split(event: HubEvent): HubEvent[] {
    if (event.type !== 'delta' || Buffer.byteLength(event.text) < MAX_PAYLOAD / 2) return [event];
    const pieces: HubEvent[] = [];
    let offset = event.offset;
    let rest = event.text;
    while (rest) {
      let cut = Math.min(rest.length, 1000);
      const code = rest.charCodeAt(cut - 1);
      if (cut < rest.length && code >= 0xd800 && code <= 0xdbff) cut--;
      pieces.push({ ...event, offset, text: rest.slice(0, cut) });
      offset += cut;
      rest = rest.slice(cut);
    }
    return pieces;
  }

  private receive(payload: string): void {
    let message: { o: string; e: HubEvent[] };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.o === this.origin) return;
    for (const event of message.e) this.emit(event);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
    await this.client?.end().catch(() => undefined);
  }
}
