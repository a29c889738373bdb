// Finds a Chromium for the browser tests and the benchmark, installing one where none is found.
// Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own download. To install: Debian's
// package when running as root on Debian (Playwright's download does not work on every machine), else
// Playwright's own Chromium.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}

function isRootOnDebian() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/etc/debian_version');
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (isRootOnDebian()) {
    console.log("No Chromium found: installing Debian's chromium package");
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.log("No Chromium found: installing Playwright's Chromium");
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
  const installed = findChromium();
  if (!installed) throw new Error('Could not find or install Chromium');
  return installed;
}

/** Flags for headless Chromium: WebGPU on (SwiftShader where there is no GPU), and no background traffic. */
export function chromiumArgs() {
  const args = [
    '--enable-unsafe-webgpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  return args;
}
