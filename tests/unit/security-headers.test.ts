// The headers the preview server sends with every response, and the manifest's launch members, checked
// where they are made (moved down from the e2e suite, which fetched them from the production server).
import { describe, expect, test } from 'vitest';
import config from '../../vite.config.ts';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, SECURITY_HEADERS } from '../../security-headers.ts';
import { MANIFEST_LAUNCH } from '../../src/intake/share-target.ts';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources] as const;
  }),
);

describe('the Content-Security-Policy', () => {
  test('allows only our own origin: keywords and in-page blob:/data: URLs, never a host', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    const sources = [...directives].flatMap(([name, list]) => list.map((source) => `${name} ${source}`));
    expect(sources.length).toBeGreaterThan(10);
    for (const entry of sources)
      expect(entry).toMatch(/ ('self'|'none'|'wasm-unsafe-eval'|'unsafe-inline'|blob:|data:)$/);
  });

  test("no 'unsafe-eval' for scripts; fetches to our origin and blob: only; no frame may embed us", () => {
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

test('the preview server sends the hardening headers with every response', () => {
  expect(config.preview?.headers).toEqual({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
  expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
});

test('the Permissions-Policy: the camera for the app only; microphone, location, USB and payment off', () => {
  const features = PERMISSIONS_POLICY.split(', ');
  expect(features).toContain('camera=(self)');
  for (const feature of ['microphone', 'geolocation', 'usb', 'payment'])
    expect(features).toContain(`${feature}=()`);
  expect(features.filter((f) => !f.endsWith('=()'))).toEqual(['camera=(self)']);
});

test('the manifest declares the share target and the desktop file handlers for the five photo types', () => {
  const types = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
  const { share_target, file_handlers } = MANIFEST_LAUNCH;
  expect(share_target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
  expect(share_target.action).toMatch(/^\/[a-z-]+$/);
  expect(share_target.params.files).toHaveLength(1);
  expect(share_target.params.files[0]!.accept).toEqual(types);
  expect(file_handlers).toEqual([
    {
      action: '/editor',
      accept: {
        'image/jpeg': ['.jpg', '.jpeg'],
        'image/png': ['.png'],
        'image/webp': ['.webp'],
        'image/heic': ['.heic'],
        'image/heif': ['.heif'],
      },
    },
  ]);
});
