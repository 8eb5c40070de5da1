import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let dist: string;
const bundle = `console.log(${JSON.stringify('story '.repeat(2000))});`;
// A second asset as `npm run build` leaves it: with its .br beside it (web/scripts/precompress.mjs).
const prebuilt = `console.log(${JSON.stringify('butter '.repeat(3000))});`;
const prebuiltBr = brotliCompressSync(prebuilt);

/** The body bytes as they crossed the wire (fetch would decode them). */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, unknown>; status: number }> {
  return new Promise((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(url, { headers }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ body: Buffer.concat(chunks), headers: r.headers, status: r.statusCode ?? 0 }));
      }).on('error', reject),
    );
  });
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Butterfic</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
  fs.writeFileSync(path.join(dist, 'assets', 'chunk-def456.js'), prebuilt);
  fs.writeFileSync(path.join(dist, 'assets', 'chunk-def456.js.br'), prebuiltBr);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every deep link with index.html, never cached', async () => {
    for (const url of ['/', '/explore/persona/anything', '/myworks/detail/x1?from=list', '/p/sample-story']) {
      const res = await fetch(ctx.baseUrl + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(ctx.baseUrl + '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const raw = await new Promise<Buffer>((resolve, reject) => {
      // fetch decodes gzip itself; read the body through node's http to see the wire bytes.
      import('node:http').then(({ get }) =>
        get(ctx.baseUrl + '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    expect(raw.length).toBeLessThan(bundle.length / 5);
    expect(gunzipSync(raw).toString()).toBe(bundle);
  });

  it('sends the prebuilt .br file itself to a client that accepts brotli, and the plain file to one that accepts nothing', async () => {
    const br = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.body.equals(prebuiltBr)).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(prebuilt);

    const plain = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(prebuilt);
    // br refused with q=0: gzip (made once at start-up, as no .gz was built) instead.
    const gz = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(prebuilt);
  });

  it('answers a repeated visit with 304 when the ETag of that encoding matches', async () => {
    const first = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers['etag']);
    const again = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await wireBytes(ctx.baseUrl + '/assets/chunk-def456.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherEncoding.status).toBe(200);
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await fetch(ctx.baseUrl + '/assets/missing-zzz.js');
    expect(res.status).toBe(404);
  });

  it('sends security headers with pages', async () => {
    const res = await fetch(ctx.baseUrl + '/explore');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://js.stripe.com');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps the API on JSON beside the SPA', async () => {
    const res = await fetch(ctx.baseUrl + '/api/v1/nope/');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { base_resp: { status_code: number } }).base_resp.status_code).toBe(404001);
  });

  it('sends the security headers with every answer: pages, assets, a 304, a missing asset, the API, its errors, a HEAD', async () => {
    const first = await fetch(ctx.baseUrl + '/assets/index-abc123.js');
    const answers = [
      ['page', await fetch(ctx.baseUrl + '/read')],
      ['home', await fetch(ctx.baseUrl + '/')],
      ['favicon', await fetch(ctx.baseUrl + '/favicon.svg')],
      ['asset', first],
      ['304', await fetch(ctx.baseUrl + '/assets/index-abc123.js', { headers: { 'if-none-match': first.headers.get('etag') ?? '' } })],
      ['missing asset', await fetch(ctx.baseUrl + '/assets/missing-zzz.js')],
      ['page HEAD', await fetch(ctx.baseUrl + '/explore', { method: 'HEAD' })],
      ['api', await fetch(ctx.baseUrl + '/api/v1/site/info/')],
      ['api error', await fetch(ctx.baseUrl + '/api/v1/user/info/')],
      ['api 404', await fetch(ctx.baseUrl + '/api/v1/nope/')],
      ['bad json', await fetch(ctx.baseUrl + '/api/v1/user/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })],
    ] as const;
    for (const [name, res] of answers) {
      const headers = Object.fromEntries(res.headers);
      expect({ name, nosniff: headers['x-content-type-options'], frame: headers['x-frame-options'], referrer: headers['referrer-policy'] }).toEqual({
        name,
        nosniff: 'nosniff',
        frame: 'DENY',
        referrer: 'strict-origin-when-cross-origin',
      });
      if (!name.startsWith('api') && name !== 'bad json') expect({ name, csp: headers['content-security-policy'] ?? '' }).toMatchObject({ name, csp: expect.stringContaining("frame-ancestors 'none'") });
    }
  });

  it("marks every API answer no-store, and keeps the assets' and pages' own caching", async () => {
    const api = [
      await fetch(ctx.baseUrl + '/api/v1/site/info/'),
      await fetch(ctx.baseUrl + '/api/v1/health/'),
      await fetch(ctx.baseUrl + '/api/v1/persona/list/?page=1'),
      await fetch(ctx.baseUrl + '/api/v1/user/info/'),
      await fetch(ctx.baseUrl + '/api/v1/nope/'),
      await fetch(ctx.baseUrl + '/api/v1/user/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"x"}' }),
      await fetch(ctx.baseUrl + '/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ];
    for (const res of api) expect({ url: res.url, cache: res.headers.get('cache-control') }).toEqual({ url: res.url, cache: 'no-store' });
    expect((await fetch(ctx.baseUrl + '/assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(ctx.baseUrl + '/read')).headers.get('cache-control')).toBe('no-cache');
  });
});
