/**
 * Photos that come to the installed app from outside it, for the editor to load as uploads:
 * a share from the phone's gallery (kept by the service worker, public/sw-share-target.js, until the
 * editor opens) and files the desktop opens with the app (window.launchQueue, the manifest's
 * file_handlers). Both arrive once per page, maybe before the editor is listening, so they wait here
 * until it is.
 */
import { isAndroid, landingFormats } from './formats.ts';
import { SHARE_CACHE, SHARE_REFUSED_PARAM, SHARED_PARAM } from './share-target.ts';

/** What arrives from outside is taken as the landing page's upload is: HEIC too, except on Android. */
export const ARRIVAL_FORMATS = landingFormats(
  typeof navigator !== 'undefined' && isAndroid(navigator.userAgent),
);

/**
 * One arrival: its files, in the order they were given (possibly none: a share that lost its files), or
 * word that the service worker refused a share another site's page sent.
 */
export type Arrival = { files: File[] } | { refused: true };
export type ArrivalReceiver = (arrival: Arrival) => void;

// The File Handling API (not in TypeScript's DOM types yet).
interface LaunchParams {
  readonly files: readonly FileSystemHandle[];
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

let receiver: ArrivalReceiver | null = null;
const waiting: Arrival[] = [];
let listening = false;

function deliver(arrival: Arrival): void {
  if (receiver) receiver(arrival);
  else waiting.push(arrival);
}

/**
 * Whether the page's address has the service worker's marker `name` (`?shared=1`, `?shareRefused=1`);
 * taken off it now, so that a reload does not look again.
 */
function takeMarker(name: string): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return false;
  url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/** The files the service worker kept for this page (it was sent here with `?shared=1`), taken once. */
async function takeShared(): Promise<File[] | null> {
  if (!takeMarker(SHARED_PARAM)) return null;
  if (!('caches' in window) || !(await caches.has(SHARE_CACHE))) return [];
  const cache = await caches.open(SHARE_CACHE);
  const index = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());
  const keys = [...(await cache.keys())].sort((a, b) => index(a) - index(b));
  const files: File[] = [];
  for (const key of keys) {
    const response = await cache.match(key);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('X-File-Name') ?? '') || `shared-${index(key)}`;
    const blob = await response.blob();
    files.push(new File([blob], name, { type: blob.type }));
  }
  // The photos stay only on this page from now on.
  await caches.delete(SHARE_CACHE);
  return files;
}

function listen(): void {
  if (listening) return;
  listening = true;
  if (takeMarker(SHARE_REFUSED_PARAM)) deliver({ refused: true });
  takeShared().then(
    (files) => {
      if (files) deliver({ files });
    },
    (error: unknown) => {
      console.warn('The shared photo could not be read:', error);
      deliver({ files: [] });
    },
  );
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer((params) => {
    const handles = params.files.filter((handle): handle is FileSystemFileHandle => handle.kind === 'file');
    if (handles.length === 0) return;
    Promise.all(handles.map((handle) => handle.getFile())).then(
      (files) => deliver({ files }),
      (error: unknown) => {
        console.warn('The opened file could not be read:', error);
        deliver({ files: [] });
      },
    );
  });
}

/**
 * Calls `take` with each arrival's files, those that came before it too, until the returned function is
 * called (one receiver at a time: the open editor).
 */
export function receiveArrivals(take: ArrivalReceiver): () => void {
  listen();
  receiver = take;
  for (const arrival of waiting.splice(0)) take(arrival);
  return () => {
    if (receiver === take) receiver = null;
  };
}
