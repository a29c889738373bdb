import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

let cached = { width: 0, height: 0 };
function snapshot() {
  const width = window.innerWidth;
  const height = window.innerHeight;
  if (cached.width !== width || cached.height !== height) cached = { width, height };
  return cached;
}

/** The viewport size, re-rendering on resize. */
export function useViewport(): { width: number; height: number } {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
