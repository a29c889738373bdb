// The service worker's share handler (plain JS in public/) and the app agree on the names they share, and
// the manifest offers the image types the intake takes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  LAUNCH_TYPES,
  MANIFEST_LAUNCH,
  SHARE_ACTION,
  SHARE_CACHE,
  SHARE_FIELD,
  SHARE_REFUSED_PARAM,
  SHARED_PARAM,
} from '../../src/intake/share-target.ts';

const HANDLER = readFileSync(resolve(import.meta.dirname, '../../public/sw-share-target.js'), 'utf8');

describe('the share target', () => {
  it.each([
    ['SHARE_ACTION', SHARE_ACTION],
    ['SHARE_FIELD', SHARE_FIELD],
    ['SHARE_CACHE', SHARE_CACHE],
    ['SHARED_PARAM', SHARED_PARAM],
    ['SHARE_REFUSED_PARAM', SHARE_REFUSED_PARAM],
  ])('the service worker uses the same %s', (name, value) => {
    expect(HANDLER).toContain(`const ${name} = '${value}';`);
  });

  it('is declared as a multipart POST of the image types, and the desktop install opens the same', () => {
    const types = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
    expect(Object.keys(LAUNCH_TYPES)).toEqual(types);
    expect(MANIFEST_LAUNCH.share_target).toEqual({
      action: SHARE_ACTION,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARE_FIELD, accept: types }] },
    });
    expect(MANIFEST_LAUNCH.file_handlers).toEqual([{ action: '/editor', accept: LAUNCH_TYPES }]);
  });
});

const OWN = 'https://retrocam.example';

type FromThisApp = (request: Request, clientId: string) => Promise<boolean>;

/** The handler's own check, run as the service worker runs it, with this app's page as its one client. */
function fromThisApp(): FromThisApp {
  const clients = new Map([['own-page', { url: `${OWN}/editor` }]]);
  const self = {
    location: new URL(`${OWN}/sw.js`),
    addEventListener: () => undefined,
    clients: { get: (id: string) => Promise.resolve(clients.get(id)) },
  };
  const context = { self, URL, Response, console };
  runInNewContext(HANDLER, context);
  return (context as unknown as { fromThisApp: FromThisApp }).fromThisApp;
}

function post(headers: Record<string, string>, referrer = ''): Request {
  const request = new Request(`${OWN}/share-target`, { method: 'POST', headers });
  // Node's Request keeps no referrer of a page; the check reads only its value.
  Object.defineProperty(request, 'referrer', { value: referrer });
  return request;
}

describe('who may share a photo (issue 38)', () => {
  it.each([
    ['the share sheet: no page, no origin', post({}), ''],
    ['the share sheet: an opaque origin', post({ Origin: 'null' }), ''],
    ["one of this app's pages", post({ Origin: OWN }, `${OWN}/`), 'own-page'],
    ['a same-site navigation the browser marks so', post({ 'Sec-Fetch-Site': 'same-origin' }), ''],
  ])('takes %s', async (_name, request, clientId) => {
    expect(await fromThisApp()(request, clientId)).toBe(true);
  });

  it.each([
    ["another site's page", post({ Origin: 'https://evil.example' }, 'https://evil.example/'), 'evil-page'],
    ["another site's page that sends no referrer (an opaque origin)", post({ Origin: 'null' }), 'evil-page'],
    ['a cross-site navigation the browser marks so', post({ 'Sec-Fetch-Site': 'cross-site' }), ''],
    ['a referrer of another site', post({}, 'https://evil.example/page'), ''],
  ])('refuses %s', async (_name, request, clientId) => {
    expect(await fromThisApp()(request, clientId)).toBe(false);
  });
});
