import {
  AdminActionResult,
  AdminAuditQuery,
  AdminContentBody,
  AdminDismissBody,
  AdminReportPage,
  AdminReportsQuery,
  AdminUserBody,
  AuditPage,
  CreateReportBody,
  CreateReportResult,
  envelope,
} from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { changes } from '../../plugins/cache';
import { ok } from '../../plugins/envelope';
import { createReport, dismissReport, listAudit, listReports, moderateContent, moderateUser, type Ops } from './service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.database.db;
  const ops: Ops = { db, mailer: deps.mailer, log: app.log };

  // Open to visitors; a signed-in reporter is recorded. A report changes no account and no list.
  app.post(
    '/report/',
    {
      preHandler: app.authenticateOptional,
      config: changes(),
      schema: { body: CreateReportBody, response: { 200: envelope(CreateReportResult) } },
    },
    async (request) => ok(await createReport(db, { ...request.body, requestIp: request.ip, reporterUid: request.user?.uid ?? null })),
  );

  // The operator console's calls: admins only, 404001 for everyone else.
  // Their writes (takedowns, bans) may change any account, feed and novel list: the answer forgets them all here.
  const admin = { preHandler: app.requireAdmin, config: changes('account', 'persona-feed', 'post-feed', 'mine', 'novel-lists') };
  const actor = (request: Parameters<typeof currentUser>[0]) => currentUser(request).email;

  app.get(
    '/admin/reports/',
    { ...admin, schema: { querystring: AdminReportsQuery, response: { 200: envelope(AdminReportPage) } } },
    async (request) => ok(await listReports(db, request.query)),
  );

  app.post(
    '/admin/content/',
    { ...admin, schema: { body: AdminContentBody, response: { 200: envelope(AdminActionResult) } } },
    async (request) => ok(await moderateContent(ops, { actor: actor(request), input: request.body })),
  );

  app.post(
    '/admin/report/dismiss/',
    { ...admin, schema: { body: AdminDismissBody, response: { 200: envelope(AdminActionResult) } } },
    async (request) =>
      ok(await dismissReport(ops, { actor: actor(request), reportUid: request.body.report_uid, reason: request.body.reason })),
  );

  app.post(
    '/admin/user/',
    { ...admin, schema: { body: AdminUserBody, response: { 200: envelope(AdminActionResult) } } },
    async (request) => {
      const { audit_id } = await moderateUser(ops, { actor: actor(request), input: request.body, protectedAdmins: deps.env.ADMIN_EMAILS });
      return ok({ audit_id });
    },
  );

  app.get(
    '/admin/audit/',
    { ...admin, schema: { querystring: AdminAuditQuery, response: { 200: envelope(AuditPage) } } },
    async (request) => ok(await listAudit(db, request.query)),
  );
};
