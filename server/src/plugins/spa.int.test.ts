import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let dist: string;
const bundle = `console.log(${JSON.stringify('story '.repeat(2000))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Butterfic</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
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
});
