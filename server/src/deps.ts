import type { Database } from './db';
import type { Notifications } from './db/notifications';
import type { Env } from './env';
import type { StreamHub } from './generation/hub';
import type { JobRunner } from './generation/runner';
import type { LlmProvider } from './generation/types';
import type { Secrets } from './lib/secrets';
import type { StreamSlots } from './lib/stream-slots';
import type { Mailer } from './mail/transport';
import type { ViewCounter } from './modules/posts/views';
import type { Safety } from './safety';

/**
 * What the app is built from (app.ts builds it once, at start-up). Its own module so
 * that services needing a part of it import this, never app.ts: only main.ts and
 * the tests import app.ts.
 */
export type Deps = {
  env: Env;
  database: Database;
  version: string;
  secrets: Secrets;
  mailer: Mailer;
  /** The process's one LISTEN connection (db/notifications.ts). */
  notifications: Notifications;
  hub: StreamHub;
  provider: LlmProvider;
  runner: JobRunner;
  /** The safety check (local, plus the moderation endpoint when MODERATION_PROVIDER is set). */
  safety: Safety;
  /** Ends every open SSE stream (their clients reconnect elsewhere) so shutdown is not held up. */
  openStreams: Set<() => void>;
  /** MAX_STREAMS_PER_USER: open SSE streams per account, counted across processes. */
  streamSlots: StreamSlots;
  /** Buffered post views; written every few seconds and on close. */
  views: ViewCounter;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
