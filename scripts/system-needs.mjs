// What the browser tests need from the system beyond Node: a Chromium binary
// (CHROMIUM_PATH, default Debian's /usr/bin/chromium) at the version a fresh
// machine gets, and a Noto CJK font, so Chinese, Japanese and Korean screens
// render as users see them. On a Debian-like system as root, missing packages
// are installed and an older Debian `chromium` is upgraded to apt's candidate
// with apt-get; anywhere else a missing package stops the run with one line
// saying exactly what to install, and an older chromium gets a warning.
// Nothing is downloaded from outside the system's package manager.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

// When `npm test` last ran `apt-get update` here. It lives in node_modules, so
// `npm ci` (a fresh clone, and every `.ci/run`) removes it: such a run always
// updates the package lists first, as a fresh machine does, and upgrades
// Chromium to what they offer. A run within APT_FRESH_MS of that trusts the
// lists it has (`apt-cache policy` reads them without the network, about a
// second), so running `npm test` again and again pays for no update.
const APT_STAMP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/.cache/butterfic/apt-update');
const APT_FRESH_MS = 6 * 60 * 60 * 1000;

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

const aptEnv = () => ({ ...process.env, DEBIAN_FRONTEND: 'noninteractive' });

function listsAreFresh() {
  try {
    return Date.now() - fs.statSync(APT_STAMP).mtimeMs < APT_FRESH_MS;
  } catch {
    return false;
  }
}

/** `apt-get update`; true when it worked (and then remembered, see APT_STAMP). */
function aptUpdate() {
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv() }).status !== 0) return false;
  fs.mkdirSync(path.dirname(APT_STAMP), { recursive: true });
  fs.writeFileSync(APT_STAMP, `${new Date().toISOString()}\n`);
  return true;
}

/** The installed and candidate versions of Debian's chromium package; null without apt or without the package. */
export function chromiumVersions() {
  const policy = spawnSync('apt-cache', ['policy', 'chromium'], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (policy.status !== 0) return null;
  const installed = /^\s*Installed:\s*(\S+)/m.exec(policy.stdout)?.[1];
  const candidate = /^\s*Candidate:\s*(\S+)/m.exec(policy.stdout)?.[1];
  if (!installed || !candidate || installed === '(none)' || candidate === '(none)') return null;
  return { installed, candidate };
}

const olderThan = (a, b) => a !== b && spawnSync('dpkg', ['--compare-versions', a, 'lt', b], { stdio: 'ignore' }).status === 0;

/** Brings Debian's chromium to apt's candidate when it can; a warning, never a failure, when it cannot. */
function upgradeChromium(apt) {
  const versions = chromiumVersions();
  if (!versions || !olderThan(versions.installed, versions.candidate)) return;
  const { installed, candidate } = versions;
  if (!apt) {
    console.warn(
      `! chromium ${installed} is older than ${candidate}, the one a fresh machine gets: apt-get install --only-upgrade chromium (as root)`,
    );
    return;
  }
  console.log(`upgrading chromium ${installed} to ${candidate} with apt-get (the version a fresh machine gets)`);
  const upgrade = spawnSync('apt-get', ['install', '-y', '-qq', '--only-upgrade', 'chromium'], { stdio: 'inherit', env: aptEnv() });
  if (upgrade.status !== 0) console.warn(`! apt-get could not upgrade chromium: the browser tests run on ${installed}`);
}

/** Installs what is missing and upgrades chromium when it can; returns an error line when something is missing and cannot be installed, else null. */
export function ensureSystemPackages(env = process.env) {
  const missing = missingSystemPackages(env);
  const custom = missing.find((m) => typeof m === 'object');
  if (custom) return `CHROMIUM_PATH=${custom.path} does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}`;
  const packages = missing.join(' ');
  const apt = canApt();
  if (missing.length > 0 && !apt) {
    const orPath = missing.includes('chromium') ? ', or set CHROMIUM_PATH to a Chromium binary' : '';
    return `the browser tests need: apt-get install -y ${packages} (npm test does it itself when run as root on Debian or Ubuntu)${orPath}`;
  }
  if (apt && (missing.length > 0 || !listsAreFresh())) {
    if (!aptUpdate()) {
      if (missing.length > 0) return `apt-get update failed: install ${packages} by hand`;
      console.warn('! apt-get update failed: chromium is compared with the package lists there are');
    }
  }
  if (missing.length > 0) {
    console.log(`installing ${packages} with apt-get (the browser tests need them)`);
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: aptEnv() });
    if (install.status !== 0) return `apt-get install ${packages} failed: install them by hand`;
    const still = missingSystemPackages(env);
    if (still.length) return `still missing after apt-get: ${still.join(' ')}`;
  }
  // A Chromium of one's own choosing (CHROMIUM_PATH) is left as it is.
  if (!env.CHROMIUM_PATH) upgradeChromium(apt);
  return null;
}
