import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestContext } from './helpers';

/** A distinct client address per call, so per-IP limits of one test do not leak into another. */
export function someIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

export function outbox(ctx: TestContext): { to: string; subject: string; text: string; code?: string; sent_at: number }[] {
  const file = path.join(ctx.dataDir, 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

export function lastCodeFor(ctx: TestContext, email: string): string {
  const mail = outbox(ctx)
    .filter((m) => m.to === email)
    .at(-1);
  if (!mail?.code) throw new Error(`no code mailed to ${email}`);
  return mail.code;
}

export const PASSWORD = 'correct horse battery';

/** Registers, verifies by the mailed code and logs in, the way the web app does. */
export async function signUp(ctx: TestContext, email: string, options: { language?: string } = {}) {
  const ip = someIp();
  const headers = { 'x-forwarded-for': ip };
  const created = await ctx.request('POST', '/api/v1/user/create/', {
    body: { age_confirmed: true, email, password: PASSWORD, gender: 'female', ...(options.language && { language: options.language }) },
    headers,
  });
  expect(created.status).toBe(200);
  if (created.body.data.verification_required) {
    const sent = await ctx.request('POST', '/api/v1/user/send-verification-code/', { body: { email }, headers });
    expect(sent.status).toBe(200);
    const verified = await ctx.request('POST', '/api/v1/user/verify-code/', { body: { email, code: lastCodeFor(ctx, email) }, headers });
    expect(verified.status).toBe(200);
  }
  const login = await ctx.request('POST', '/api/v1/user/login/', { body: { email, password: PASSWORD }, headers });
  expect(login.status).toBe(200);
  const data = login.body.data as { uid: string; tokens: { access: string; refresh: string } };
  return {
    uid: data.uid,
    access: data.tokens.access,
    refresh: data.tokens.refresh,
    auth: { authorization: `Bearer ${data.tokens.access}` },
  };
}
