import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Where the LISTEN connection reports trouble (a pino logger fits). */
export type NotificationsLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
/** How often the connection sends itself a notice, to prove that notices still arrive. */
export const HEARTBEAT_MS = 1000;
/** A connection whose own notices have not come back for this long is taken for dead and opened again. */
export const SILENT_MS = 5000;
/**
 * The longest a change anywhere may take to reach what a process caches (auth lookups, list pages): an
 * entry is used only while every notice committed more than this long ago is known to have arrived
 * (`silentFor`).
 */
export const NOTICE_BOUND_MS = 3000;

/**
 * The process's one LISTEN connection, shared by everything that hears NOTIFY: the stream hub
 * (deltas, job wake-ups, stops) and the auth cache (account changes, decision 0020). One
 * reconnect policy: a lost connection is opened again after 250 ms, doubling up to 5 s, and
 * listens to every channel known by then; `onState` tells who must distrust what they cached
 * (false: notices may have been missed) and when notices flow again (true).
 *
 * A connection can also die without closing (a network that drops packets, a server that froze):
 * every second the connection sends itself a notice stamped with the time it was sent, and
 * `silentFor()` is how long ago the newest stamp that came back was sent (a monotonic clock).
 * PostgreSQL delivers notices in commit order, so every notice committed before that moment has
 * arrived (decision 0047). A connection silent for 5 s is dropped and opened again.
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
  private heartbeat: NodeJS.Timeout | null = null;
  /** Ends the current connection as lost (set while one is open). */
  private drop: ((error: Error) => void) | null = null;
  private connectedAt = 0;
  private heard = 0;
  private pinging = false;
  /** The last statement sent on the current connection (they go one at a time). */
  private tail: Promise<unknown> = Promise.resolve();
  /** The connection's own heartbeat channel. */
  private readonly aliveChannel = `butterfic_alive_${this.id}`;

  constructor(
    private readonly connectionString: string,
    private readonly log: NotificationsLog = { warn: () => undefined, error: () => undefined },
  ) {
    this.handlers.set(
      this.aliveChannel,
      new Set([
        (payload: string) => {
          const sentAt = Number(payload);
          if (sentAt > this.heard) this.heard = sentAt;
        },
      ]),
    );
  }

  /** Opens the connection; a first failure rejects (start-up decides), later losses reconnect by themselves. */
  async start(): Promise<void> {
    await this.connect();
    if (this.closed) return;
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Milliseconds since the newest heartbeat that came back on the current connection was sent: every
   * notice committed longer ago than this has arrived. Infinity while the connection is down or before
   * its first heartbeat came back.
   */
  silentFor(): number {
    return this.client && this.heard > 0 ? performance.now() - this.heard : Infinity;
  }

  private beat(): void {
    const client = this.client;
    if (!client) return;
    if (performance.now() - Math.max(this.heard, this.connectedAt) > SILENT_MS) {
      this.drop?.(new Error(`no notice came back for ${SILENT_MS / 1000} s`));
      return;
    }
    this.ping(client);
  }

  /** A notice to itself, stamped with the time it is sent (the connection otherwise sends only LISTEN). */
  private ping(client: pg.Client): void {
    if (this.pinging) return; // the last one is still out: silence is what tells
    this.pinging = true;
    void this.send(
      client,
      `select pg_notify(${client.escapeLiteral(this.aliveChannel)}, ${client.escapeLiteral(String(performance.now()))})`,
    )
      .catch(() => undefined)
      .finally(() => (this.pinging = false));
  }

  /** One statement at a time on the connection (pg queues overlapping calls, a use it deprecates). */
  private send(client: pg.Client, text: string): Promise<unknown> {
    const result = this.tail.then(() => client.query(text));
    this.tail = result.catch(() => undefined);
    return result;
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
    await this.send(client, `listen ${client.escapeIdentifier(channel)}`).catch((error: unknown) => {
      // The reconnect listens to this channel too. A connection that lives on without listening would
      // still answer its heartbeats while missing these notices: it is dropped.
      this.log.warn({ err: error, channel }, 'LISTEN failed; the reconnect will listen again');
      if (this.client === client) this.drop?.(error instanceof Error ? error : new Error(String(error)));
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
      this.drop = null;
      this.setState(false);
      if (this.closed) return;
      this.log.warn({ err: error }, `the LISTEN connection was lost; reconnecting in ${this.retryMs} ms`);
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    // A silent connection is ended from our side: its socket is destroyed, not politely closed.
    let dropped = false;
    const drop = (error: Error) => {
      dropped = true;
      onLost(error);
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    };
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost());
    client.on('notification', (message) => this.handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? '')));
    try {
      await client.connect();
      // Every channel known now, and any added while these run (`on` sees the client from here on).
      this.client = client;
      this.drop = drop;
      this.heard = 0;
      this.connectedAt = performance.now();
      this.tail = Promise.resolve();
      this.pinging = false;
      await this.send(client, [...this.handlers.keys()].map((channel) => `listen ${client.escapeIdentifier(channel)}`).join('; '));
      // The first heartbeat at once: what waits for it need not wait a second.
      this.ping(client);
    } catch (error) {
      lost = true; // the caller decides whether to try again
      if (this.client === client) {
        this.client = null;
        this.drop = null;
      }
      await client.end().catch(() => undefined);
      // Dropped as silent while it was still setting up: that drop has scheduled the reconnect already.
      if (dropped) return;
      throw error;
    }
    if (this.closed) {
      // Closed while connecting: this connection must not outlive its owner.
      this.client = null;
      this.drop = null;
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.drop = null;
    const client = this.client;
    this.client = null;
    if (client) this.setState(false);
    await client?.end().catch(() => undefined);
  }
}
