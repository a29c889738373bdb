import puppeteer from 'puppeteer-core';
const base = process.argv[2] ?? 'http://127.0.0.1:5274';
const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: false,
  env: { ...process.env, DISPLAY: ':99' }, defaultViewport: { width: 1600, height: 1100 },
  extraPrefsFirefox: { 'media.navigator.streams.fake': true, 'media.navigator.permission.disabled': true } });
const page = (await browser.pages())[0];
page.on('console', (m) => { if (!m.text().includes('[vite]')) console.log('console:', m.type(), m.text()); });
await page.goto(base + '/editor?engine=webgl2&testHooks=1' + (process.argv[3] ?? ''));
await new Promise(r => setTimeout(r, 3000));
await (await page.waitForSelector('[data-testid=camera-button]')).click();
const probe = `(() => { const v = document.querySelector('[data-testid=camera-view]');
  const c = document.createElement('canvas'); c.width = 4; c.height = 4; const x = c.getContext('2d');
  try { x.drawImage(v, 0, 0, 4, 4); } catch (e) { return 'drawImage failed ' + e; }
  return JSON.stringify({ px: [...x.getImageData(1, 1, 1, 1).data], w: v.width, h: v.height, frames: v.dataset.frames, size: v.dataset.width + 'x' + v.dataset.height, fps: v.dataset.fps }); })()`;
for (let i = 0; i < 6; i++) { await new Promise(r => setTimeout(r, 1500)); console.log(await page.evaluate(probe)); }
await page.screenshot({ path: '/tmp/ffprobe.png' });
await browser.close();
