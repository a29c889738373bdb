/** Product spec section 9: prefix, effect id or 'original', timestamp, extension. */
export const DOWNLOAD_PREFIX = 'retrocam';

export function downloadFileName(
  effectId: string | null,
  now: Date,
  extension: 'jpg' | 'png' = 'jpg',
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${DOWNLOAD_PREFIX}_${effectId ?? 'original'}_${stamp}.${extension}`;
}

const used = new Set<string>();

/**
 * The name of a file saved now: the spec's name, with `-2`, `-3`... when a save in the same second already
 * took it, so that no two saves of a visit share a name.
 */
export function savedFileName(effectId: string | null, now: Date, taken: Set<string> = used): string {
  const name = downloadFileName(effectId, now);
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = name.replace(/\.jpg$/, `-${n}.jpg`);
  taken.add(unique);
  return unique;
}

/** Starts a browser download of the blob. */
export function triggerDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; revoke later so slow browsers still get the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
