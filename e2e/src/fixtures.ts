import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Data the browser tests make for themselves through the API and the operator CLI of the running app. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

type Envelope<T> = { base_resp?: { status_code: number; status_msg: string }; data: T };

/**
 * A client address of its own for each browser context and API call. The app under test trusts
 * X-Forwarded-For from loopback (TRUST_PROXY=loopback in global-setup.ts), as behind a local reverse
 * proxy, so the many test users do not all share 127.0.0.1's per-address sign-up limit.
 */
export function someClientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** One call to the running app's API; throws with the envelope's message on any failure. */
export async function callApi<T>(method: 'GET' | 'POST', apiPath: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Forwarded-For': someClientAddress() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${inject('baseUrl')}/api/v1${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const payload = (await response.json()) as Envelope<T>;
  const code = payload.base_resp?.status_code ?? -1;
  if (!response.ok || code !== 0)
    throw new Error(`${method} ${apiPath}: ${response.status} ${code} ${payload.base_resp?.status_msg ?? ''}`);
  return payload.data;
}

/** The code of the newest verification mail to `email` in the dev outbox, if any. */
function codeFromOutbox(email: string): string | null {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).reverse()) {
    const mail = JSON.parse(line) as { to: string; code?: string };
    if (mail.to === email && mail.code) return mail.code;
  }
  return null;
}

export type Session = {
  uid: string;
  name: string;
  email: string;
  language: string;
  tokens: { access: string; refresh: string };
};

let accounts = 0;

/** A new, verified account, logged in through the API as the login screen would. */
export async function signUp(language: string, address?: string): Promise<Session> {
  const email = address ?? `e2e-${Date.now()}-${++accounts}-${language}@example.com`.toLowerCase();
  const password = `butter-${Date.now()}`;
  await callApi('POST', '/user/create/', { body: { age_confirmed: true, email, password, gender: 'female', language } });
  await callApi('POST', '/user/send-verification-code/', { body: { email } });
  await expect.poll(() => codeFromOutbox(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  await callApi('POST', '/user/verify-code/', { body: { email, code: codeFromOutbox(email) } });
  return callApi<Session>('POST', '/user/login/', { body: { email, password } });
}

/** Puts the session where the app keeps it (SPEC.md section 3) before any script of the page runs. */
export async function useSession(page: Page, session: Session): Promise<void> {
  const { uid, name, email, language, tokens } = session;
  await page.addInitScript(
    ({ access, refresh, info }) => {
      try {
        // Only once per tab: later page loads keep whatever the app itself stored (a refreshed token, a logout).
        if (window.sessionStorage.getItem('e2e-session')) return;
        window.sessionStorage.setItem('e2e-session', '1');
        window.localStorage.setItem('access_token', access);
        window.localStorage.setItem('refresh_token', refresh);
        window.localStorage.setItem('user_info', JSON.stringify(info));
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { access: tokens.access, refresh: tokens.refresh, info: { uid, name, email, language } },
  );
}

/** A persona in the seed and import format (server/src/db/seed/personas/README.md). */
export type CataloguePersona = {
  key: string;
  language: 'en' | 'zh-CN' | 'zh-TW' | 'ko' | 'ja';
  author_name: string;
  char_a_name: string;
  char_a_setting: string;
  char_b_name: string;
  char_b_setting: string;
  plot: string;
  description: string;
  is_r18: 0 | 1;
  tags: string;
  first_person: 0 | 1 | 2;
  dialogue_heavy: 0 | 1;
  used_count: number;
};

/** Adds personas to the running app's database with the operator CLI (`persona import`), as an operator would. */
export async function importPersonas(items: CataloguePersona[]): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-personas-'));
  const file = path.join(dir, 'personas.json');
  fs.writeFileSync(file, JSON.stringify(items, null, 2));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', 'persona', 'import', file], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: inject('dataDir') },
      timeout: 60_000,
    });
    return stdout.trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
