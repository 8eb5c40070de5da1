import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './envelope';
import { injectMeta, type PageMeta } from './page-meta';

/** The link preview of a page path (a post, a published novel), or null for the app's own. */
export type PreviewResolver = (pathname: string) => Promise<PageMeta | null>;

/**
 * Serves the built SPA from `webDist`: hashed files under /assets/ cached for a
 * year, index.html never cached, and index.html for every other non-API GET so
 * deep links work. Unknown /api/ paths answer the JSON envelope.
 */
export async function installSpa(app: FastifyInstance, webDist: string | null, preview?: PreviewResolver): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasIndex = indexFile !== null && fs.existsSync(indexFile);
  if (webDist && hasIndex) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDist, filePath);
        const policy =
          // The service worker and its file list must be checked on every visit, or updates would wait an hour.
          rel === 'index.html' || rel === 'sw.js' || rel === 'shell-files.json'
            ? 'no-cache'
            : rel.startsWith('assets' + path.sep)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600';
        res.header('cache-control', policy);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  // Pages that a shared link previews get their own title, description and cards in the HTML.
  let template: string | null = null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const meta = preview && request.method === 'GET' ? await preview(pathname).catch(() => null) : null;
    if (!meta || !indexFile) return sendIndex(reply);
    template ??= await fs.promises.readFile(indexFile, 'utf8');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(injectMeta(template, meta));
  };

  app.get('/', (_request, reply) =>
    hasIndex ? sendIndex(reply) : reply.code(503).type('text/plain').send('The web app is not built yet: run npm run build.'),
  );

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (isApi || !wantsPage || !hasIndex || looksLikeFile) return sendNotFound(request, reply);
    return sendPage(request, reply, pathname);
  });
}
