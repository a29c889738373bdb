/**
 * How photos reach the installed app from outside it: the web manifest's share target and file
 * handlers, and the names the service worker and the editor agree on. The service worker's half is
 * public/sw-share-target.js (plain JS, imported by the generated /sw.js), which repeats these names;
 * tests/unit/share-target.test.ts holds the two together. No DOM: vite.config.ts reads it too.
 */

/** Where a share is POSTed (the manifest's share_target action); the service worker answers it. */
export const SHARE_ACTION = '/share-target';
/** The form field the shared files come in. */
export const SHARE_FIELD = 'photos';
/** The Cache the service worker keeps shared files in until the editor takes them. */
export const SHARE_CACHE = 'retrocam-shared';
/** Query parameter on /editor: the service worker has just kept a share for it. */
export const SHARED_PARAM = 'shared';
/** Query parameter on /editor: the service worker refused a POST that another site's page sent. */
export const SHARE_REFUSED_PARAM = 'shareRefused';

/** The image types the installed app offers to open, each with its file extensions. */
export const LAUNCH_TYPES: Readonly<Record<string, string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

/** The manifest's share_target and file_handlers members. */
export const MANIFEST_LAUNCH = {
  share_target: {
    action: SHARE_ACTION,
    method: 'POST' as const,
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARE_FIELD, accept: Object.keys(LAUNCH_TYPES) }] },
  },
  file_handlers: [{ action: '/editor', accept: { ...LAUNCH_TYPES } }],
};
