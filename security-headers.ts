/**
 * The headers the app is served with (the preview server sends them; the README shows how to send them
 * from any host). Imported by vite.config.ts and the tests.
 */

/**
 * Only our own origin: scripts, workers, styles, images and fetches all come from 'self'. WebAssembly
 * (libheif, for HEIC) needs 'wasm-unsafe-eval', not 'unsafe-eval'; blob: and data: URLs are the photo
 * previews and downloads made in the page. Inline style attributes are React's `style` props. The README
 * shows how to send the same header from any host.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "connect-src 'self' blob:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The camera is allowed for the app's own origin only (the viewfinder, issue 26), for nothing it could
 * embed. Every other powerful feature is off for it and for anything it could embed: a hostile script
 * that got in could not ask for the microphone or the location. Only names Chromium knows (it logs an
 * error for any other).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'display-capture',
    'encrypted-media',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * The headers every response gets (the README shows how to send them from any host): the CSP above;
 * no MIME sniffing; no referrer to anyone; the features above off; and a browsing context group of our
 * own, so that no other origin's window can reach this one.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
};
