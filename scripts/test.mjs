#!/usr/bin/env node
// `npm test`: check (typecheck + lint) and unit first; then two lanes side by
// side, one per core: the integration suite (on the embedded PostgreSQL, then
// again on TEST_DATABASE_URL when set) and the browser tests against the built
// app. Each lane stops at its first failing step; the run fails if any step
// fails. A lane's output is kept in a file and printed whole when the lane
// ends, so the two never interleave. TEST_SERIAL=1 runs every step one after
// the other, printing as it goes.
// Before any step it makes sure of what the browser step needs from the system
// (scripts/system-needs.mjs), so a fresh machine fails in the first second or
// not at all.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSystemPackages } from './system-needs.mjs';

const problem = ensureSystemPackages();
if (problem) {
  console.error(`✗ ${problem}`);
  process.exit(1);
}

/** @typedef {[name: string, npmArgs: string[], env?: Record<string, string>]} Step */

/** @type {Step[]} */
const first = [
  ['check', ['run', 'check']],
  ['unit', ['run', 'test:unit']],
];
/** @type {Step[]} */
const integration = [['integration (embedded PostgreSQL 17)', ['run', 'test:integration'], { TEST_DB: 'embedded' }]];
if (process.env.TEST_DATABASE_URL) {
  integration.push(['integration (external PostgreSQL, TEST_DATABASE_URL)', ['run', 'test:integration'], { TEST_DB: 'external' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the integration suite runs on the embedded server only');
}
/** @type {Step[]} */
const browser = [['end-to-end (Chromium)', ['run', 'test:e2e']]];

const started = Date.now();
const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
let passed = 0;
let failed = 0;

/** Runs one step with its output on this terminal; true when it passed. */
function runInline([name, args, env = {}]) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return report(name, result.status === 0, t0);
}

function report(name, ok, t0) {
  if (ok) {
    passed++;
    console.log(`✓ ${name} (${seconds(t0)} s)`);
  } else {
    failed++;
    console.error(`✗ ${name} failed after ${seconds(t0)} s`);
  }
  return ok;
}

/** Runs a lane's steps in order with their output in a file, printed when the lane ends. */
async function runLane(label, steps) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-test-')), `${label}.log`);
  const out = fs.openSync(log, 'w');
  const outcomes = [];
  for (const [name, args, env = {}] of steps) {
    fs.writeSync(out, `\n=== ${name} ===\n`);
    const t0 = Date.now();
    const status = await new Promise((resolve) => {
      const child = spawn('npm', args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
      child.on('exit', (code) => resolve(code));
      child.on('error', () => resolve(1));
    });
    outcomes.push([name, status === 0, t0]);
    if (status !== 0) break;
  }
  fs.closeSync(out);
  console.log(`\n----- ${label} lane output -----`);
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  console.log(`----- end of ${label} lane -----`);
  let ok = true;
  for (const [name, stepOk, t0] of outcomes) ok = report(name, stepOk, t0) && ok;
  fs.rmSync(path.dirname(log), { recursive: true, force: true });
  return ok;
}

let ok = first.every(runInline);
if (ok) {
  if (process.env.TEST_SERIAL === '1') {
    ok = [...integration, ...browser].every(runInline);
  } else {
    console.log(`\n=== ${integration.map(([n]) => n).join(', then ')} | beside it: ${browser[0][0]} ===`);
    const lanes = await Promise.all([runLane('integration', integration), runLane('browser', browser)]);
    ok = lanes.every(Boolean);
  }
}
if (!ok) {
  console.log(`test steps: ${passed} passed, ${failed} failed (${seconds(started)} s)`);
  process.exit(1);
}
console.log(`\nall ${passed} test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
