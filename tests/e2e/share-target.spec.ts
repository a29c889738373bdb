// The installed app (issue 27): the manifest's share target and file handlers. A photo shared to the app is
// POSTed to the share target's action; the service worker answers it, with or without a network, and the
// editor opens with the photo loaded through the upload's intake (a file that is not a photo gets its
// message). A file the desktop opens with the app arrives through window.launchQueue (stubbed here:
// headless Chromium has no installed app to launch).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SHARE_REFUSED_MESSAGE, UNSUPPORTED_MESSAGE } from '../../src/intake/messages.ts';
import { psnr } from '../reference/metrics.ts';
import { expect, test } from '../support/fixtures.ts';
import { fixtureBase64, fixturePath } from '../support/images.ts';
import type { EditorPage, FixtureFile } from '../support/pages.ts';
import { decodePng } from '../support/png.ts';
import { goOffline } from '../support/offline.ts';

test.use({ serviceWorkers: 'allow' });

const PHOTO = 'kodak/kodim23.png';
/** The editor's options for the shared photo: the action's query carries over to the editor. */
const OPTIONS = '?engine=webgl2&testHooks=1';

interface ShareTarget {
  action: string;
  method: string;
  enctype: string;
  params: { files: { name: string; accept: string[] }[] };
}

interface Manifest {
  share_target?: ShareTarget;
  file_handlers?: { action: string; accept: Record<string, string[]> }[];
}

async function manifest(page: Page): Promise<Manifest> {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Manifest;
}

/**
 * Opens the landing page and waits until the service worker has the app and controls the page; returns the
 * manifest's share target.
 */
async function controlled(page: Page): Promise<ShareTarget> {
  const target = (await manifest(page)).share_target!;
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  return target;
}

/**
 * Shares `file` as a phone's share sheet does: a real multipart form POSTed from the page to the share
 * target's action (with the editor's OPTIONS), which the browser then follows wherever the answer sends it.
 */
async function share(page: Page, target: ShareTarget, file: FixtureFile): Promise<void> {
  await page.evaluate(
    ({ action, method, enctype, field }) => {
      const form = document.createElement('form');
      form.id = 'share-form';
      form.action = action;
      form.method = method;
      form.enctype = enctype;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      form.append(input);
      document.body.append(form);
    },
    {
      action: `${target.action}${OPTIONS}`,
      method: target.method,
      enctype: target.enctype,
      field: target.params.files[0]!.name,
    },
  );
  await page.locator('#share-form input').setInputFiles(typeof file === 'string' ? fixturePath(file) : file);
  await Promise.all([
    page.waitForURL(/\/editor/),
    page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit()),
  ]);
}

/** The editor shows the fixture photo itself, at its own size (768x512 is within the processing size). */
async function expectPhoto(editor: EditorPage): Promise<void> {
  await editor.expectStatus('ImageReady', { timeout: 60_000 });
  const shown = await editor.workerPixels();
  expect([shown.width, shown.height]).toEqual([768, 512]);
  const db = psnr(shown, decodePng(readFileSync(fixturePath(PHOTO))));
  test.info().annotations.push({ type: 'psnr', description: `${db.toFixed(1)} dB` });
  expect(db).toBeGreaterThan(35);
}

test('a shared photo opens in the editor, and is not kept once it is there', async ({ page, editor }) => {
  test.setTimeout(180_000);
  await share(page, await controlled(page), PHOTO);
  await expectPhoto(editor);
  // The action's options came along (testHooks=1 is proven by the pixels read above); the share's marker
  // is gone, so a reload does not look for a share again.
  const url = new URL(page.url());
  expect(url.pathname).toBe('/editor');
  expect(url.searchParams.get('engine')).toBe('webgl2');
  expect(url.searchParams.has('shared')).toBe(false);
  expect(await page.evaluate(() => caches.keys())).not.toContain('retrocam-shared');
});

test('a photo shared while offline opens in the editor', async ({ page, context, editor }) => {
  test.setTimeout(180_000);
  const target = await controlled(page);
  await goOffline(context, page);
  await share(page, target, PHOTO);
  await expectPhoto(editor);
});

test('a shared file that is not a photo gets the intake’s message', async ({ page, editor }) => {
  test.setTimeout(180_000);
  await share(page, await controlled(page), {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo\n'),
  });
  expect((await editor.takeNotification('error', 30_000)).text).toBe(UNSUPPORTED_MESSAGE);
  await editor.expectStatus('WorkerReady');
});

test('a file the desktop opens with the app loads in the editor (launchQueue)', async ({ page, editor }) => {
  test.setTimeout(180_000);
  await page.addInitScript(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const handle = { kind: 'file', name, getFile: () => Promise.resolve(new File([bytes], name)) };
      Object.defineProperty(window, 'launchQueue', {
        configurable: true,
        value: {
          setConsumer: (consumer: (params: { files: unknown[] }) => void) =>
            setTimeout(() => consumer({ files: [handle] })),
        },
      });
    },
    { name: 'kodim23.png', base64: fixtureBase64(PHOTO) },
  );
  await page.goto(`/editor${OPTIONS}`);
  await expectPhoto(editor);
});

/**
 * A photo kept as the service worker keeps a share, for an editor that has not opened yet: a share still
 * waiting.
 */
async function keepWaitingShare(page: Page, file: string): Promise<void> {
  await page.evaluate(
    async ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const cache = await caches.open('retrocam-shared');
      await cache.put(
        new Request('/retrocam-shared/0'),
        new Response(bytes, { headers: { 'Content-Type': 'image/png', 'X-File-Name': name } }),
      );
    },
    { base64: fixtureBase64(file), name: 'waiting.png' },
  );
}

test("another site's page cannot put a photo in the editor, nor drop a waiting share, whatever referrer it sends", async ({
  page,
  editor,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const target = await controlled(page);
  // Another site's page with a form that POSTs its own photo to the share target, as the issue's
  // attacker did, with the referrer policy of the round.
  const attacker = 'http://attacker.test/';
  let referrer = '';
  await page.route(attacker, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><meta name="referrer" content="${referrer}">` +
        `<form id="share-form" method="post" enctype="${target.enctype}" ` +
        `action="${baseURL}${target.action}${OPTIONS}">` +
        `<input type="file" name="${target.params.files[0]!.name}"></form>`,
    }),
  );
  for (referrer of ['strict-origin-when-cross-origin', 'no-referrer']) {
    await keepWaitingShare(page, PHOTO);
    await page.goto(attacker);
    await page.locator('#share-form input').setInputFiles(fixturePath('kodak/kodim05.png'));
    await Promise.all([
      page.waitForURL(/\/editor/),
      page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit()),
    ]);
    expect((await editor.takeNotification('error', 30_000)).text, referrer).toBe(SHARE_REFUSED_MESSAGE);
    // Nothing loaded, the marker gone, the waiting share still there.
    await editor.expectStatus('WorkerReady');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => caches.keys())).toContain('retrocam-shared');
    // The waiting share is the one the editor opens next.
    await page.goto(`/editor${OPTIONS}&shared=1`);
    await expectPhoto(editor);
  }
});
