#!/usr/bin/env node
// Keeps package-lock.json free of node-llama-cpp prebuilt binaries this project
// never loads: the GPU builds (the provider runs on the CPU unless LLM_GPU says
// otherwise) and other CPU architectures. npm has no supported way to leave out
// one package's optional dependencies, but `npm ci` installs exactly the lock,
// and `npm install <pkg>` keeps optional entries the lock lacks out. Why, and
// how to get a GPU build back: docs/decisions/0009-lean-install.md.
//
//   node scripts/lean-lock.mjs          prune the lock (after regenerating it)
//   node scripts/lean-lock.mjs --check  exit 1 when the lock holds one (npm run check)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');

/** Prebuilt packages that can never load on the machines this project installs on. */
export const DROPPED = [
  'linux-x64-cuda',
  'linux-x64-cuda-ext',
  'linux-x64-vulkan',
  'linux-arm64',
  'linux-armv7l',
  'linux-riscv64',
  'win-x64-cuda',
  'win-x64-cuda-ext',
  'win-x64-vulkan',
].map((name) => `@node-llama-cpp/${name}`);

const isDropped = (key) => DROPPED.some((name) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`));

const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const found = Object.keys(lock.packages ?? {}).filter(isDropped);

if (process.argv.includes('--check')) {
  if (found.length) {
    console.error(
      `package-lock.json holds prebuilt binaries this project never loads: ${found.join(', ')}; run node scripts/lean-lock.mjs`,
    );
    process.exit(1);
  }
  console.log('package-lock.json: no GPU or foreign-architecture node-llama-cpp binaries');
} else {
  for (const key of found) delete lock.packages[key];
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(found.length ? `removed ${found.length} entries: ${found.join(', ')}` : 'package-lock.json was already lean');
}
