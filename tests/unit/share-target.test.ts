// The service worker's share handler (plain JS in public/) and the app agree on the names they share, and
// the manifest offers the image types the intake takes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LAUNCH_TYPES,
  MANIFEST_LAUNCH,
  SHARE_ACTION,
  SHARE_CACHE,
  SHARE_FIELD,
  SHARED_PARAM,
} from '../../src/intake/share-target.ts';

const HANDLER = readFileSync(resolve(import.meta.dirname, '../../public/sw-share-target.js'), 'utf8');

describe('the share target', () => {
  it.each([
    ['SHARE_ACTION', SHARE_ACTION],
    ['SHARE_FIELD', SHARE_FIELD],
    ['SHARE_CACHE', SHARE_CACHE],
    ['SHARED_PARAM', SHARED_PARAM],
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
