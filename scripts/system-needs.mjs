// What the browser tests need from the system beyond Node: a Chromium binary
// (CHROMIUM_PATH, default Debian's /usr/bin/chromium) and a Noto CJK font, so
// Chinese, Japanese and Korean screens render as users see them. On a
// Debian-like system as root, missing packages are installed with apt-get (one
// `apt-get update` first); anywhere else the run stops with one line saying
// exactly what to install. Nothing is downloaded from outside the system's
// package manager.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function hasCjkFont() {
  const fc = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  if (fc.status === 0) return /Noto (Sans|Serif) CJK/i.test(fc.stdout);
  // No fontconfig tools: look where Debian's fonts-noto-cjk puts its files.
  return fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
}

/** The Debian packages missing for the browser step, and the chromium path it will use. */
export function missingSystemPackages(env = process.env) {
  const chromium = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const missing = [];
  if (!fs.existsSync(chromium)) missing.push(env.CHROMIUM_PATH ? { path: chromium } : 'chromium');
  if (!hasCjkFont()) missing.push('fonts-noto-cjk');
  return missing;
}

const canApt = () =>
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  fs.existsSync('/etc/debian_version') &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/** Installs what is missing when it can; returns an error line when it cannot, else null. */
export function ensureSystemPackages(env = process.env) {
  const missing = missingSystemPackages(env);
  if (missing.length === 0) return null;
  const custom = missing.find((m) => typeof m === 'object');
  if (custom) return `CHROMIUM_PATH=${custom.path} does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}`;
  const packages = missing.join(' ');
  if (!canApt()) {
    const orPath = missing.includes('chromium') ? ', or set CHROMIUM_PATH to a Chromium binary' : '';
    return `the browser tests need: apt-get install -y ${packages} (npm test does it itself when run as root on Debian or Ubuntu)${orPath}`;
  }
  console.log(`installing ${packages} with apt-get (the browser tests need them)`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  if (update.status !== 0) return `apt-get update failed: install ${packages} by hand`;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: aptEnv });
  if (install.status !== 0) return `apt-get install ${packages} failed: install them by hand`;
  const still = missingSystemPackages(env);
  return still.length ? `still missing after apt-get: ${still.join(' ')}` : null;
}
