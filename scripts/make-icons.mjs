// `node scripts/make-icons.mjs`: the web app manifest's PNG icons, rendered from public/icons/*.svg by
// headless Chromium (the SVGs are the source; the PNGs are committed so the build needs no browser).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './chromium.mjs';

const ICONS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon-180.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs() });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const svg = readFileSync(new URL(`../public/icons/${icon.svg}`, import.meta.url), 'utf8');
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
    );
    const path = new URL(`../public/icons/${icon.png}`, import.meta.url).pathname;
    await page.screenshot({ path, omitBackground: true });
    console.log(path);
  }
} finally {
  await browser.close();
}
