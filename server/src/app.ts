import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { unstorableTextAt } from '@butterfic/contract';
import type { Database } from './db';
import { connect } from './db/client';
import { Notifications } from './db/notifications';
import type { Env } from './env';
import { StreamHub } from './generation/hub';
import { createProvider } from './generation/providers';
import { JobRunner } from './generation/runner';
import { novelJobStore } from './modules/novels/job-store';
import type { LlmProvider } from './generation/types';
import { AppError } from './lib/errors';
import { pruneRateLimits } from './lib/rate-limit';
import { loadSecrets } from './lib/secrets';
import { StreamSlots } from './lib/stream-slots';
import { createMailer, type Mailer } from './mail/transport';
import { accountRoutes } from './modules/accounts/routes';
import { releaseUnverified } from './modules/accounts/service';
import { healthRoutes } from './modules/health/routes';
import { personaRoutes } from './modules/personas/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { novelRoutes } from './modules/novels/routes';
import { codexRoutes } from './modules/novels/codex-routes';
import { writersRoom } from './modules/novels/room';
import { openaiEmbedder } from './generation/providers/embeddings';
import { streamGuardOf } from './modules/novels/stream';
import { postPreviews } from './modules/posts/preview';
import { postRoutes } from './modules/posts/routes';
import { ViewCounter } from './modules/posts/views';
import { siteRoutes } from './modules/site/routes';
import { codeRoutes } from './modules/codes/routes';
import { paymentRoutes } from './modules/payments/routes';
import { walletRoutes } from './modules/wallet/routes';
import { installAuth } from './plugins/auth';
import { clientErrorResponse, frameworkError, installEnvelope } from './plugins/envelope';
import { loadOverusedPhrases } from './generation/prompts/overused';
import { safetyFromEnv } from './safety';
import { installLocale } from './plugins/locale';
import { installSecurityHeaders } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import { installSpa } from './plugins/spa';

export type BuildOptions = {
  env: Env;
  database: Database;
  /** Folder of the built SPA (web/dist); null serves the API only. */
  webDist?: string | null;
  /** A pino logger; omitted means silent (tests). */
  logger?: FastifyBaseLogger;
  version?: string;
  /** Overrides the mailer chosen from SMTP_URL (tests). */
  mailer?: Mailer;
  /** Overrides the LLM provider chosen from LLM_PROVIDER (tests, benchmarks). */
  provider?: LlmProvider;
  /** Called with every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
};

export const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A hop count as Fastify applies it (its types take no number): the nearest `hops` proxies are trusted. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app without listening; main.ts and the tests both use it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Proxy headers (X-Forwarded-For, -Proto, -Host) count only from the proxies TRUST_PROXY names.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // Our genReqId reads x-request-id itself and keeps only sane values.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // SIGTERM drains: idle keep-alive sockets close at once, requests in flight finish.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    frameworkErrors: frameworkError,
    clientErrorHandler: (error, socket) => {
      const answer = clientErrorResponse(error);
      if (!answer || socket.destroyed) return;
      if (socket.writable) socket.end(answer);
      else socket.destroy(error);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Text PostgreSQL cannot store (a NUL, half a surrogate pair) is refused in any field before the schema,
  // the safety check or a batch sees it: 400001 naming the field, never a 500 (issue 45).
  app.addHook('preValidation', async (request) => {
    const found = unstorableTextAt(request.body) ?? unstorableTextAt(request.query) ?? unstorableTextAt(request.params);
    // Named as sent, but never echoed at length (a made-up key can be anything).
    const field = found && Array.from(found).length > 80 ? `${Array.from(found).slice(0, 80).join('')}…` : found;
    if (field)
      throw new AppError('invalidInput', {
        message: 'unstorableText',
        params: { field },
        data: { fields: { [field]: 'a NUL or a broken character cannot be stored' } },
      });
  });
  app.setSerializerCompiler(responseSerializerCompiler(env.CHECK_ANSWERS));
  const mailer = options.mailer ?? createMailer(env, app.log);
  const provider = options.provider ?? (await createProvider(env));
  const openStreams = new Set<() => void>();
  // One LISTEN connection for the process: the stream hub and the auth cache hear NOTIFY on it.
  const notifications = new Notifications(database.url, app.log);
  await notifications.start();
  const hub = new StreamHub(database.pool, notifications, app.log);
  await hub.start();
  loadOverusedPhrases(env.OVERUSED_PHRASES_FILE);
  const safety = safetyFromEnv(env, app.log, provider);
  // The workers' own connections (issue 13): a burst of requests queued in the pool must not hold up the claims
  // that start stories, nor the saves of streamed text. Those saves are progress (resumed from the last one after
  // any crash), so they do not wait for the WAL flush; finishing, failing and refunding stay on the main pool.
  const claims = env.GENERATION_WORKERS > 0 ? connect(database.url, database.kind, { max: 1 }) : null;
  const progress =
    env.GENERATION_WORKERS > 0 ? connect(database.url, database.kind, { max: 3, settings: '-c synchronous_commit=off' }) : null;
  // The engine persists through the novels module's job store (its port: generation/job-store.ts, decision 0051).
  const store = novelJobStore({ db: database.db, ...(claims && { claimDb: claims.db }), ...(progress && { progressDb: progress.db }) });
  const runner = new JobRunner(store, provider, hub, app.log, {
    safety,
    workers: env.GENERATION_WORKERS,
    leaseSeconds: env.GENERATION_LEASE_SECONDS,
    room: writersRoom(database.db, {
      log: app.log,
      codexTokens: env.CODEX_TOKENS,
      embedder: env.EMBEDDINGS_MODEL
        ? openaiEmbedder({
            model: env.EMBEDDINGS_MODEL,
            baseURL: env.EMBEDDINGS_BASE_URL ?? env.LLM_BASE_URL,
            apiKey: env.EMBEDDINGS_API_KEY ?? env.LLM_API_KEY,
          })
        : null,
    }),
  });
  const views = new ViewCounter(database.db, app.log);
  const streamSlots = new StreamSlots(database.db, env.MAX_STREAMS_PER_USER, app.log);
  app.decorate('deps', {
    env,
    database,
    version: options.version ?? '0.1.0',
    secrets: await loadSecrets(env, database.db),
    mailer,
    notifications,
    hub,
    provider,
    runner,
    safety,
    openStreams,
    streamSlots,
    views,
  });
  app.addHook('onReady', async () => {
    views.start();
    streamSlots.start();
    // Open streams end on a reader's ban or the novel's takedown (issue 46), heard before anyone reads.
    await streamGuardOf(app.deps).start();
    await runner.start();
  });
  // Unverified accounts older than 7 days give their address back (issue 18), hourly in every process.
  let sweep: NodeJS.Timeout | undefined;
  if (env.REQUIRE_EMAIL_VERIFICATION) {
    const releaseStale = () =>
      releaseUnverified(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'unverified sweep failed'));
    app.addHook('onReady', async () => {
      void releaseStale();
      sweep = setInterval(() => void releaseStale(), 3_600_000).unref();
    });
  }
  // Dead rate-limit counters are deleted hourly (every process; the delete is idempotent).
  let prune: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune = setInterval(
      () => void pruneRateLimits(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit prune failed')),
      3_600_000,
    ).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    clearInterval(prune);
    for (const end of openStreams) end();
    await runner.stop();
  });
  app.addHook('onClose', async () => {
    // After the last request: the views still buffered are written before the database closes.
    await views.stop();
    await streamSlots.stop();
    await hub.close();
    await notifications.close();
    await claims?.close();
    await progress?.close();
    await provider.close?.();
    mailer.close();
  });

  installLocale(app);
  installSecurityHeaders(app);
  installEnvelope(app);
  installAuth(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(moderationRoutes);
      await api.register(accountRoutes);
      await api.register(personaRoutes);
      await api.register(novelRoutes);
      await api.register(codexRoutes);
      await api.register(postRoutes);
      await api.register(siteRoutes);
      await api.register(walletRoutes);
      await api.register(paymentRoutes);
      await api.register(codeRoutes);
    },
    { prefix: '/api/v1' },
  );

  await installSpa(app, options.webDist ?? null, postPreviews(database.db, env.PUBLIC_URL));
  return app;
}
