import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp, someIp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { BODY_LIMIT } from '../app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    extend: (app) => {
      app.get('/api/v1/test-boom/', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
    },
  });
  // Reports name content that exists (unknown content answers 404001): a post made for them.
  const author = await signUp(ctx, 'envelope-author@example.com');
  const post = await ctx.request('POST', '/api/v1/post/create/', {
    body: { title: 'Reported', content: 'Some text.', language: 'en', is_public: 1 },
    headers: author.auth,
  });
  report.target_uid = post.body.data.uid as string;
});
afterAll(() => ctx.close());

const report = { target_type: 'post', target_uid: '', reason: 'copied from my book' };

describe('the response envelope', () => {
  it('answers an unknown API path with the JSON envelope, never HTML', async () => {
    for (const path of ['/api/v1/nope/', '/api/v1/nope', '/api/whatever', '/api']) {
      const res = await ctx.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.base_resp.status_code).toBe(404001);
      expect(res.body.base_resp.status_msg).toMatch(/no such API/i);
    }
  });

  it('accepts a valid body as JSON and form-encoded, with or without the trailing slash', async () => {
    const json = await ctx.request('POST', '/api/v1/report/', { body: report });
    expect(json.status).toBe(200);
    expect(json.body.base_resp).toEqual({ status_code: 0, status_msg: 'success' });
    expect(json.body.data.uid).toMatch(/^[0-9a-z]{20}$/);

    const form = await ctx.request('POST', '/api/v1/report', {
      raw: new URLSearchParams({ ...report, contact_email: ' Owner@Example.COM ' }).toString(),
      // Another reporter: one reporter's second report of a target is the first one again (decision 0035).
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': someIp() },
    });
    expect(form.status).toBe(200);
    const rows = await ctx.database.pool.query('select contact_email from reports order by created_at');
    expect(rows.rows.map((r) => r.contact_email)).toEqual([null, 'owner@example.com']);
  });

  it('answers malformed JSON with 400001 and keeps serving', async () => {
    const res = await ctx.request('POST', '/api/v1/report/', {
      raw: '{"target_type": "post",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
    const health = await ctx.request('GET', '/api/v1/health/');
    expect(health.status).toBe(200);
  });

  it('answers an oversized body with a 4xx and 400001', async () => {
    const res = await ctx.request('POST', '/api/v1/report/', { body: { ...report, reason: 'x'.repeat(BODY_LIMIT + 10) } });
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
    expect((await ctx.request('GET', '/api/v1/health/')).status).toBe(200);
  });

  it('answers a wrong type with 400001 and names the field', async () => {
    const res = await ctx.request('POST', '/api/v1/report/', { body: { ...report, target_type: 42, reason: ['a'] } });
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['reason', 'target_type']);
    const missing = await ctx.request('POST', '/api/v1/report/', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toHaveProperty('target_uid');
  });

  it('answers text the database cannot store (a NUL character) with 400001', async () => {
    const res = await ctx.request('POST', '/api/v1/report/', { body: { ...report, reason: 'bad\u0000byte' } });
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
  });

  it('keeps only sane request ids from clients', async () => {
    const res = await ctx.request('GET', '/api/v1/health/', { headers: { 'x-request-id': 'a b <script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unsupported content type with a 4xx and 400001', async () => {
    const res = await ctx.request('POST', '/api/v1/report/', { raw: '<report/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(400);
    expect(res.body.base_resp.status_code).toBe(400001);
  });

  it('writes status_msg in the language of Accept-Language', async () => {
    const cases: [string, RegExp][] = [
      ['ko-KR,ko;q=0.9', /[가-힣]/],
      ['ja', /[ぁ-んァ-ン]/],
      ['zh-HK', /沒有/],
      ['zh', /没有/],
      ['fr-FR, en;q=0.5', /no such API/],
    ];
    for (const [header, pattern] of cases) {
      const res = await ctx.request('GET', '/api/v1/nope/', { headers: { 'accept-language': header } });
      expect(res.body.base_resp.status_msg).toMatch(pattern);
    }
  });

  it('hides internal errors behind 500001 with a request id, never a stack trace', async () => {
    const res = await ctx.request('GET', '/api/v1/test-boom/', { headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(res.status).toBe(500);
    expect(res.body.base_resp.status_code).toBe(500001);
    expect(res.body.data).toEqual({ request_id: 'trace-abc-12345' });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-12345');
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
  });

  it('reports health with the database kind and the offline writer', async () => {
    const res = await ctx.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', db: inject('dbKind'), llm: 'offline', mail: 'outbox', payments: 'sandbox' });
  });
});
