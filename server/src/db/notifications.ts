import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Where the LISTEN connection reports trouble (a pino logger fits). */
export type NotificationsLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/**
 * The process's one LISTEN connection, shared by everything that hears NOTIFY: the stream hub
 * (deltas, job wake-ups, stops) and the auth cache (account changes, decision 0020). One
 * reconnect policy: a lost connection is opened again after 250 ms, doubling up to 5 s, and
 * listens to every channel known by then; `onState` tells who must distrust what they cached
 * (false: notices may have been missed) and when notices flow again (true).
 */
export class Notifications {
  /** Its connection's application_name ends with this, so the operator (and tests) can find it. */
  readonly id = randomUUID().slice(0, 8);
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly stateListeners = new Set<(listening: boolean) => void>();
  private retry: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: NotificationsLog = { warn: () => undefined, error: () => undefined },
  ) {}

  /** Opens the connection; a first failure rejects (start-up decides), later losses reconnect by themselves. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether the connection is up (notices may be missed while it is not). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Runs `listener` on every change of `listening`; answers the way to stop. */
  onState(listener: (listening: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Runs `handler` for every NOTIFY on `channel`. While the connection is down the channel is only
   * remembered: the reconnect listens to every known channel.
   */
  async on(channel: string, handler: (payload: string) => void): Promise<void> {
    const handlers = this.handlers.get(channel) ?? new Set();
    const fresh = handlers.size === 0;
    handlers.add(handler);
    this.handlers.set(channel, handlers);
    const client = this.client;
    if (!fresh || !client) return;
    await client.query(`listen ${client.escapeIdentifier(channel)}`).catch((error: unknown) => {
      // The connection went down meanwhile; its reconnect listens to this channel too.
      this.log.warn({ err: error, channel }, 'LISTEN failed; the reconnect will listen again');
    });
  }

  private setState(listening: boolean): void {
    for (const listener of this.stateListeners) listener(listening);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: `butterfic-listen-${this.id}` });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client !== client) return;
      this.client = null;
      this.setState(false);
      if (this.closed) return;
      this.log.warn({ err: error }, `the LISTEN connection was lost; reconnecting in ${this.retryMs} ms`);
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost());
    client.on('notification', (message) => this.handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? '')));
    try {
      await client.connect();
      // Every channel known now, and any added while these run (`on` sees the client from here on).
      this.client = client;
      await Promise.all([...this.handlers.keys()].map((channel) => client.query(`listen ${client.escapeIdentifier(channel)}`)));
    } catch (error) {
      lost = true; // the caller decides whether to try again
      if (this.client === client) this.client = null;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      // Closed while connecting: this connection must not outlive its owner.
      this.client = null;
      await client.end().catch(() => undefined);
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    this.setState(true);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        this.log.warn({ err: error }, 'could not reopen the LISTEN connection');
        this.scheduleReconnect();
      });
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (client) this.setState(false);
    await client?.end().catch(() => undefined);
  }
}
