/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Registered by src/app/register-sw.ts on load; a waiting worker is told to skip waiting there.
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      // The glob below already takes the icons.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'RetroCam',
        short_name: 'RetroCam',
        description:
          'Retro camera looks for your photos, processed in your browser. Nothing leaves your device.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#15131a',
        theme_color: '#15131a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Everything the three pages need offline: the app, the engine worker and its lazily loaded
        // backends (the shaders are inside those chunks), libheif's worker and wasm, icons, backgrounds,
        // and the collage's self-hosted fonts.
        globPatterns: ['**/*.{html,js,css,wasm,svg,png,webp,webmanifest,woff2}'],
        // libheif.wasm is 1.4 MB.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  worker: {
    // The engine worker lazy-loads its WebGL2 backend, which needs code splitting inside the worker.
    format: 'es',
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    // Not on the dev server: Vite's dev client and React's refresh preamble are inline scripts.
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
