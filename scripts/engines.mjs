// Finds the other browser engines the cross-engine journey (tests/engines) runs in, installing them where
// none are found: Firefox ESR (driven over WebDriver BiDi), WebKitGTK's MiniBrowser with WebKitWebDriver,
// and Xvfb, the display both need for WebGL; and the Noto faces for Japanese, Korean, Chinese and Arabic,
// without which the browsers draw the translated UI as boxes (tests/e2e/i18n*.spec.ts measure its labels).
// Debian's packages, installed when running as root on Debian (as CI does); elsewhere it says what to
// install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = ['firefox-esr', 'webkit2gtk-driver', 'xvfb', 'fonts-noto-cjk', 'fonts-noto-core'];

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function miniBrowser() {
  for (const folder of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'])
    for (const version of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0'])
      if (existsSync(`${folder}/${version}/MiniBrowser`)) return `${folder}/${version}/MiniBrowser`;
  return null;
}

/** What is missing, by the package that brings it. */
export function missingEngines() {
  const missing = [];
  if (!existsSync('/usr/bin/firefox-esr')) missing.push('firefox-esr');
  if (!onPath('WebKitWebDriver') || !miniBrowser()) missing.push('webkit2gtk-driver');
  if (!onPath('Xvfb')) missing.push('xvfb');
  if (!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) missing.push('fonts-noto-cjk');
  if (!existsSync('/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf'))
    missing.push('fonts-noto-core');
  return missing;
}

function isRootOnDebian() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/etc/debian_version');
}

export function ensureEngines() {
  const missing = missingEngines();
  if (missing.length === 0) return;
  if (!isRootOnDebian())
    throw new Error(
      `The cross-engine tests need ${missing.join(', ')} (Debian packages ${PACKAGES.join(', ')}): install them, or run as root on Debian to have them installed`,
    );
  console.log(`Installing ${missing.join(', ')} for the cross-engine tests`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const still = missingEngines();
  if (still.length > 0) throw new Error(`Could not install ${still.join(', ')}`);
}
