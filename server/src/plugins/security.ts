import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The CSP allows exactly what the app
 * loads: its own bundle and API, and Stripe's embedded checkout (script,
 * frames and API) for payments.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com https://*.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com https://checkout.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries (API, pages, SSE streams and the parser's own errors). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
} as const;

export function installSecurityHeaders(app: FastifyInstance): void {
  // Served over https (PUBLIC_URL says so): browsers keep to https for a year.
  const hsts = app.deps.env.PUBLIC_URL.startsWith('https://');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(SECURITY_HEADERS);
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Balances, e-mail addresses, drafts and tokens never sit in a browser's or a proxy's cache: every API
    // answer is no-store (pages and assets keep their own rules, plugins/spa.ts).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    else reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  });
}
