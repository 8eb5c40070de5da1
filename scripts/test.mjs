#!/usr/bin/env node
// `npm test`: check (typecheck + lint), unit, integration on the embedded
// PostgreSQL, integration again on TEST_DATABASE_URL when set, then the
// browser tests against the built app. Stops at the first failing step.
// Before any step it makes sure of what the browser step needs from the system
// (scripts/system-needs.mjs), so a fresh machine fails in the first second or
// not at all.
import { spawnSync } from 'node:child_process';
import { ensureSystemPackages } from './system-needs.mjs';

const problem = ensureSystemPackages();
if (problem) {
  console.error(`✗ ${problem}`);
  process.exit(1);
}

const steps = [
  ['check', ['run', 'check']],
  ['unit', ['run', 'test:unit']],
  ['integration (embedded PostgreSQL 17)', ['run', 'test:integration'], { TEST_DB: 'embedded' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['integration (external PostgreSQL, TEST_DATABASE_URL)', ['run', 'test:integration'], { TEST_DB: 'external' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the integration suite runs on the embedded server only');
}
steps.push(['end-to-end (Chromium)', ['run', 'test:e2e']]);

const started = Date.now();
let passed = 0;
for (const [name, args, env = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    console.log(`test steps: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  passed++;
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log(`\nall ${passed} test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
