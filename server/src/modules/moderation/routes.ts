import { CreateReportBody, CreateReportResult, envelope } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { createReport } from './service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/report/', { schema: { body: CreateReportBody, response: { 200: envelope(CreateReportResult) } } }, async (request) => {
    const result = await createReport(app.deps.database.db, { ...request.body, requestIp: request.ip });
    return ok(result);
  });
};
