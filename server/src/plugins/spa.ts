import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './envelope';
import { injectMeta, type PageMeta } from './page-meta';

/** The link preview of a page path (a post, a published novel), or null for the app's own. */
export type PreviewResolver = (pathname: string) => Promise<PageMeta | null>;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
const MIN_COMPRESS = 1024;

type Variant = { body: Buffer; etag: string };
/** One file of the build, held in memory with its brotli and gzip forms and its headers decided once. */
type StaticFile = { type: string; cacheControl: string; raw: Variant; br: Variant | null; gz: Variant | null };

const etagOf = (body: Buffer, suffix: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

/**
 * The .br and .gz files `npm run build` writes beside each file (web/scripts/precompress.mjs).
 * A build without them (an older one, a hand-made folder) gets them made here, once, at start-up:
 * nothing is ever compressed per request.
 */
function variant(file: string, raw: Buffer, ext: 'br' | 'gz'): Variant | null {
  let body: Buffer | null = fs.existsSync(`${file}.${ext}`) ? fs.readFileSync(`${file}.${ext}`) : null;
  if (!body && COMPRESSIBLE.test(file) && raw.length >= MIN_COMPRESS) {
    body =
      ext === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzipSync(raw, { level: 9 });
  }
  return body && body.length < raw.length ? { body, etag: etagOf(body, `-${ext}`) } : null;
}

function cachePolicy(rel: string): string {
  // The service worker and its file list must be checked on every visit, or updates would wait an hour.
  if (rel === 'index.html' || rel === 'sw.js' || rel === 'shell-files.json') return 'no-cache';
  return rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** Every file of the build except the .br/.gz forms themselves, keyed by URL path. */
function loadBuild(webDist: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of fs.readdirSync(webDist, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(webDist, file).split(path.sep).join('/');
    const raw = fs.readFileSync(file);
    files.set('/' + rel, {
      type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: cachePolicy(rel),
      raw: { body: raw, etag: etagOf(raw, '') },
      br: variant(file, raw, 'br'),
      gz: variant(file, raw, 'gz'),
    });
  }
  return files;
}

/** br, else gzip, else none, as the client's Accept-Encoding allows (a `;q=0` refuses). */
export function pickEncoding(header: string | undefined): 'br' | 'gz' | null {
  if (!header) return null;
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gz' : null;
}

/** Sends a file of the build from memory: the compressed form the client accepts, 304 for a matching ETag. */
function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const chosen = (encoding && file[encoding]) || file.raw;
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', chosen.etag);
  if (file.br || file.gz) reply.header('vary', 'accept-encoding');
  if (chosen !== file.raw) reply.header('content-encoding', chosen === file.br ? 'br' : 'gzip');
  if (request.headers['if-none-match'] === chosen.etag) return reply.code(304).send();
  return reply.send(chosen.body);
}

/**
 * Serves the built SPA from `webDist`, held in memory: hashed files under
 * /assets/ cached for a year, index.html never cached, and index.html for
 * every other non-API GET so deep links work. Each file goes out as its
 * prebuilt .br or .gz when the client accepts one. Unknown /api/ paths
 * answer the JSON envelope.
 */
export async function installSpa(app: FastifyInstance, webDist: string | null, preview?: PreviewResolver): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasIndex = indexFile !== null && fs.existsSync(indexFile);
  const build = webDist && hasIndex ? loadBuild(webDist) : new Map<string, StaticFile>();
  // Files are answered by their own routes (GET and HEAD), never compressed again by @fastify/compress.
  for (const [url, file] of build) {
    if (url === '/index.html') continue;
    app.get(url, { compress: false }, (request, reply) => sendStatic(request, reply, file));
  }
  const index = build.get('/index.html');

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (index) return sendStatic(request, reply, index);
    return reply.code(503).type('text/plain').send('The web app is not built yet: run npm run build.');
  };

  // Pages that a shared link previews get their own title, description and cards in the HTML.
  const template = index?.raw.body.toString('utf8') ?? null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const meta = preview && request.method === 'GET' ? await preview(pathname).catch(() => null) : null;
    if (!meta || !template) return sendIndex(request, reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(injectMeta(template, meta));
  };

  app.get('/', { compress: false }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (isApi || !wantsPage || !hasIndex || looksLikeFile) return sendNotFound(request, reply);
    return sendPage(request, reply, pathname);
  });
}
