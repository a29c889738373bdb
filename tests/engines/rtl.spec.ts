// Arabic in Firefox and WebKitGTK as in Chromium: on a phone (390 x 844; WebKitGTK's MiniBrowser takes no
// narrower window than 447 px here) the editor is laid out right to left (the action bar and the panels
// mirrored), the photo drawn as it is. A screenshot of each browser is kept in the test's output folder, to
// look at the shaping of the Arabic text. And in Spanish, whose 'Desenfoque/Píxel' has the longest word of
// the effects' names, every effect tile holds its name within its padding on a phone.
import { test as base, expect } from '@playwright/test';
import { fixturePath } from '../support/images.ts';
import {
  chromiumBrowser,
  displayFixture,
  firefoxBrowser,
  webkitBrowser,
  type Display,
  type EngineBrowser,
} from './browsers.ts';
import { waitForValue } from './journey.ts';

const test = base.extend<object, { display: Display }>({ display: displayFixture });

const PHONE = { width: 390, height: 844 };

/** Where things are on the page, read in one go. */
const LAYOUT = `() => {
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  };
  const canvas = document.querySelector('[data-testid=main-canvas]');
  const mirrored = [];
  for (let element = canvas; element; element = element.parentElement) {
    const transform = getComputedStyle(element).transform;
    if (transform && transform.startsWith('matrix(-1')) mirrored.push(element.tagName);
  }
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    undo: box('[data-testid=undo-button]'),
    redo: box('[data-testid=redo-button]'),
    effect: box('[data-testid=effect-mobile-ccdEffect], [data-testid=effect-ccdEffect]'),
    effects: box('.effect-list, [data-testid=effect-list]'),
    mirrored,
    save: document.querySelector('[data-testid=save-button]')?.textContent ?? null,
    width: innerWidth,
  };
}`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Layout {
  lang: string;
  dir: string;
  undo: Box | null;
  redo: Box | null;
  effect: Box | null;
  effects: Box | null;
  mirrored: string[];
  save: string | null;
  width: number;
}

const SETUPS: { name: string; launch: (baseURL: string, display: Display) => Promise<EngineBrowser> }[] = [
  { name: 'Firefox ESR', launch: (baseURL, display) => firefoxBrowser(baseURL, display) },
  { name: 'WebKitGTK', launch: (baseURL, display) => webkitBrowser(baseURL, display, true) },
];

test.describe.configure({ timeout: 240_000 });

for (const setup of SETUPS) {
  test(`${setup.name}: Arabic on a phone, right to left, the photo not mirrored`, async ({
    browser: chromium,
    baseURL,
    display,
  }) => {
    // The browser under test first, then Chromium at the width that browser's window really took
    // (MiniBrowser's window goes no narrower than 447 px here): each layout is compared with Chromium's at
    // the same viewport, never skipped for a width that differs.
    const browsers: [string, () => Promise<EngineBrowser>][] = [
      [setup.name, () => setup.launch(baseURL ?? '', display)],
      ['Chromium', () => chromiumBrowser(chromium, baseURL ?? '')],
    ];
    const layouts: Layout[] = [];
    const opened: EngineBrowser[] = [];
    try {
      for (const [name, launch] of browsers) {
        const browser = await launch();
        opened.push(browser);
        await browser.open('/editor?lang=ar&testHooks=1&thumbnails=0&warmUp=0');
        // Once a page is open: WebKit's window takes its size only then.
        const size = layouts.length === 0 ? PHONE : { ...PHONE, width: layouts[0]!.width };
        await browser.resize(size).catch(() => undefined);
        await browser.upload('editor-upload-input', fixturePath('kodak/kodim23.png'));
        await waitForValue<boolean>(
          browser,
          'the photo ready',
          `() => { const e = document.querySelector('[data-testid=editor]');
            return !!e && e.getAttribute('data-worker-status') === 'ImageReady' &&
              Number(e.getAttribute('data-photo-serial')) > 0 &&
              !document.querySelector('[data-testid=processing-overlay]'); }`,
          Boolean,
        );
        await browser.screenshot(test.info().outputPath(`arabic-phone-${name}.png`));
        const layout = await browser.evaluate<Layout>(LAYOUT);
        test.info().annotations.push({ type: name, description: JSON.stringify(layout) });
        layouts.push(layout);
      }
    } finally {
      for (const browser of opened) await browser.close().catch(() => undefined);
    }
    const [mine, reference] = layouts as [Layout, Layout];
    for (const layout of [reference, mine]) {
      expect(layout.lang).toBe('ar');
      expect(layout.dir).toBe('rtl');
      // Undo comes before Redo: to its right, right to left.
      expect(layout.undo!.x).toBeGreaterThan(layout.redo!.x);
      expect(layout.mirrored, 'a mirroring transform over the photo').toEqual([]);
    }
    // A phone's width, or the narrowest the window takes, and Chromium at the same.
    expect(mine.width).toBeGreaterThanOrEqual(PHONE.width);
    expect(mine.width).toBeLessThan(768);
    expect(reference.width).toBe(mine.width);
    // Laid out as Chromium lays it out in the same viewport: the action bar's buttons and the effects at
    // the same places.
    for (const key of ['undo', 'redo', 'effect'] as const) {
      expect(Math.abs(mine[key]!.x - reference[key]!.x), key).toBeLessThan(24);
    }
    expect(mine.save).toBe(reference.save);
  });
}

/** Each effect tile whose name runs out of its content box (into its padding, or past its edge), by how many px. */
const OVERFLOWS = `() => [...document.querySelectorAll('.effect-item')].flatMap((item) => {
  const name = item.querySelector('.effect-name');
  if (!name || item.getClientRects().length === 0) return [];
  const range = document.createRange();
  range.selectNodeContents(name);
  const tile = item.getBoundingClientRect();
  const style = getComputedStyle(item);
  const left = tile.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
  const right = tile.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  const text = range.getBoundingClientRect();
  const over = Math.max(left - text.left, text.right - right);
  return over > 0.5 ? [name.textContent + ': ' + over.toFixed(1)] : [];
})`;

for (const setup of SETUPS) {
  test(`${setup.name}: Spanish on a phone, each effect's name inside its tile`, async ({
    baseURL,
    display,
  }) => {
    const browser = await setup.launch(baseURL ?? '', display);
    try {
      await browser.open('/editor?lang=es&testHooks=1&thumbnails=0&warmUp=0');
      await browser.resize(PHONE).catch(() => undefined);
      await waitForValue<boolean>(
        browser,
        'the Spanish effect tiles',
        `() => document.documentElement.lang === 'es' && document.querySelectorAll('.effect-item').length > 0`,
        Boolean,
      );
      expect(await browser.evaluate<string[]>(OVERFLOWS)).toEqual([]);
    } finally {
      await browser.close().catch(() => undefined);
    }
  });
}

/**
 * The controls whose text is wider than their box (scrollWidth against clientWidth), as in the component
 * tier's twelve-language sweep (tests/component/label-fit.test.tsx), which runs in Chromium. A box of 1 px
 * or less is text for screen readers only (clipped, like .visually-hidden): not shown, so not cut.
 */
const CUT_LABELS = `() => [...document.querySelectorAll(
  'button, select, label, .effect-name, .panel-title, .recipe-name, .setting, .frame-option, .frame-choice span, .crop-tools, .save-option, .hint'
)].filter((element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden') &&
  element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1)
  .map((element) => (element.getAttribute('data-testid') || element.className) + ' "' +
    (element.textContent || '').trim().slice(0, 24) + '": ' + element.scrollWidth + ' > ' + element.clientWidth)`;

const READY = `() => { const e = document.querySelector('[data-testid=editor]');
  return !!e && e.getAttribute('data-worker-status') === 'ImageReady' &&
    !document.querySelector('[data-testid=processing-overlay]'); }`;

for (const setup of SETUPS) {
  test(`${setup.name}: German and Arabic on a phone, no label wider than its control in the editor, the crop tool and the frame choice`, async ({
    baseURL,
    display,
  }) => {
    const browser = await setup.launch(baseURL ?? '', display);
    const cut: string[] = [];
    try {
      for (const lang of ['de', 'ar']) {
        await browser.open(`/editor?lang=${lang}&testHooks=1&thumbnails=0&warmUp=0&engine=cpu`);
        await browser.resize(PHONE).catch(() => undefined);
        await browser.upload('editor-upload-input', fixturePath('kodak/kodim04.png'));
        await waitForValue<boolean>(browser, 'the photo ready', READY, Boolean);
        const look = async (part: string) => {
          for (const found of await browser.evaluate<string[]>(CUT_LABELS))
            cut.push(`${lang}, ${part}: ${found}`);
        };
        await look('recipes');
        await browser.click('effect-mobile-ccdEffect');
        await waitForValue<boolean>(
          browser,
          "CCD's controls",
          `() => !!document.querySelector('[data-testid=look-strength]')`,
          Boolean,
        );
        await waitForValue<boolean>(browser, 'CCD applied', READY, Boolean);
        await look('CCD');
        await browser.click('crop-button');
        await waitForValue<boolean>(
          browser,
          'the crop tool',
          `() => !!document.querySelector('[data-testid=crop-frame]')`,
          Boolean,
        );
        await look('crop');
        await browser.click('crop-cancel');
        // Each click waits for what the one before it opens or closes: a click while the panel changes
        // can land on the part going away.
        await waitForValue<boolean>(
          browser,
          'the crop tool closed',
          `() => !document.querySelector('[data-testid=crop-frame]') && !!document.querySelector('[data-testid=frame-button]')`,
          Boolean,
        );
        await browser.click('frame-button');
        await waitForValue<boolean>(
          browser,
          'the frame choice',
          `() => !!document.querySelector('[data-testid=frame-instant-mini]') && !!document.querySelector('[data-testid=frame-done]')`,
          Boolean,
        );
        // Chosen by the element's own click: WebKitGTK's driver can miss a tile of the frames'
        // sideways-scrolling strip (the caption never came). What is checked here is the labels, not the tap.
        await browser.evaluate(`() => document.querySelector('[data-testid=frame-instant-mini]').click()`);
        await waitForValue<boolean>(
          browser,
          'the caption field',
          `() => !!document.querySelector('[data-testid=frame-caption]')`,
          Boolean,
        );
        await look('frame');
      }
    } finally {
      await browser.close().catch(() => undefined);
    }
    expect(cut).toEqual([]);
  });
}
