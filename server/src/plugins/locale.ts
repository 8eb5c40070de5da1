import { pickFromAcceptLanguage, type Language } from '@butterfic/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language for status_msg: Accept-Language, else English. */
    lang: Language;
  }
}

export function installLocale(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = pickFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
  });
}
