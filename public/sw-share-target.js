// The share target's half of the service worker, imported by the generated /sw.js (vite.config.ts,
// workbox importScripts) ahead of Workbox's own routes, which answer GET requests only.
//
// A photo shared to the installed app arrives as a multipart POST to /share-target. It is answered here,
// with or without a network: the shared files are kept in a Cache of this origin (nothing is sent
// anywhere), and the browser is sent on (303) to the editor, which takes them from there, checks them as
// an upload, and deletes them. The names below are src/intake/share-target.ts's.
const SHARE_ACTION = '/share-target';
const SHARE_FIELD = 'photos';
const SHARE_CACHE = 'retrocam-shared';
const SHARED_PARAM = 'shared';

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin) return;
  if (url.pathname !== SHARE_ACTION) return;
  event.respondWith(keepShare(event.request, url));
});

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
