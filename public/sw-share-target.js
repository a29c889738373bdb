// The share target's half of the service worker, imported by the generated /sw.js (vite.config.ts,
// workbox importScripts) ahead of Workbox's own routes, which answer GET requests only.
//
// A photo shared to the installed app arrives as a multipart POST to /share-target. It is answered here,
// with or without a network: the shared files are kept in a Cache of this origin (nothing is sent
// anywhere), and the browser is sent on (303) to the editor, which takes them from there, checks them as
// an upload, and deletes them. The names below are src/intake/share-target.ts's.
//
// Only the system's share sheet, or this app's own pages, may hand the editor a photo (issue 38): a POST
// that another site's page sent is refused, and changes nothing (a share still waiting stays).
const SHARE_ACTION = '/share-target';
const SHARE_FIELD = 'photos';
const SHARE_CACHE = 'retrocam-shared';
const SHARED_PARAM = 'shared';
const SHARE_REFUSED_PARAM = 'shareRefused';
/** Sec-Fetch-Site values of a share the user made: from this app, or from no page at all (the share sheet). */
const OWN_SITES = ['same-origin', 'same-site', 'none'];

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin) return;
  if (url.pathname !== SHARE_ACTION) return;
  event.respondWith(answerShare(event.request, event.clientId, url));
});

async function answerShare(request, clientId, url) {
  if (await fromThisApp(request, clientId)) return keepShare(request, url);
  const editor = new URL('/editor', self.location.origin);
  editor.searchParams.set(SHARE_REFUSED_PARAM, '1');
  return Response.redirect(editor.href, 303);
}

/**
 * Whether the share came from the system's share sheet or one of this app's pages. A navigation a page
 * started has that page as its client (`clientId`): another origin's page is not a client this worker
 * can get. The share sheet's navigation has no client and no origin of its own (an `Origin` of 'null'
 * at most). Service workers see no Sec-Fetch-Site in Chromium today; where one is given it is checked.
 * The Origin header and the referrer, where given, must be this origin's.
 */
async function fromThisApp(request, clientId) {
  const own = self.location.origin;
  const origin = request.headers.get('Origin');
  if (origin !== null && origin !== 'null' && origin !== own) return false;
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && !OWN_SITES.includes(site)) return false;
  if (request.referrer && !sameOrigin(request.referrer, own)) return false;
  if (!clientId) return true;
  const client = await self.clients.get(clientId);
  return client !== undefined && sameOrigin(client.url, own);
}

function sameOrigin(address, own) {
  try {
    return new URL(address).origin === own;
  } catch {
    return false;
  }
}

async function keepShare(request, url) {
  // The action's own query (an engine, a look) carries over to the editor.
  const editor = new URL(`/editor${url.search}`, self.location.origin);
  editor.searchParams.set(SHARED_PARAM, '1');
  // A share left behind by an editor that never opened is replaced, not kept.
  await caches.delete(SHARE_CACHE);
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_FIELD).filter((value) => typeof value !== 'string');
    const cache = await caches.open(SHARE_CACHE);
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          new Request(`/${SHARE_CACHE}/${index}`),
          new Response(file, {
            headers: {
              'Content-Type': file.type || 'application/octet-stream',
              'X-File-Name': encodeURIComponent(file.name),
            },
          }),
        ),
      ),
    );
  } catch (error) {
    // The editor opens all the same, and says that no file arrived.
    console.warn('The shared files could not be kept:', error);
  }
  return Response.redirect(editor.href, 303);
}
