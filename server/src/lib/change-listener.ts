import pg from 'pg';

/**
 * One LISTEN connection per process for cache invalidation (docs/decisions/0020),
 * separate from the stream hub's. `onChange(channel, payload)` runs for each
 * NOTIFY; `onState(listening)` says when notifications may have been missed
 * (false: the connection dropped, caches must stop trusting themselves) and when
 * they flow again (true). Reconnects with backoff until closed.
 */
export class ChangeListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private backoffMs = 250;

  constructor(
    private readonly connectionString: string,
    private readonly channels: readonly string[],
    private readonly onChange: (channel: string, payload: string) => void,
    private readonly onState: (listening: boolean) => void,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.onState(false);
      if (this.client === client) this.client = null;
      if (this.closed) return;
      if (error) this.log.warn({ err: error }, 'cache invalidation listener lost its connection; caches are off until it is back');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.onChange(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoffMs = 250;
    this.onState(true);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.onState(false);
    await client?.end().catch(() => undefined);
  }
}
