import exifr from 'exifr';

/** Every tag a metadata reader finds in a file, every segment asked for, values as written. */
export async function allTags(bytes: Uint8Array): Promise<Record<string, unknown> | undefined> {
  return (await exifr.parse(bytes, {
    tiff: true,
    exif: true,
    gps: true,
    xmp: true,
    iptc: true,
    ifd1: true,
    interop: true,
    reviveValues: false,
    mergeOutput: true,
  })) as Record<string, unknown> | undefined;
}
