/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { VitePWA } from 'vite-plugin-pwa';
import { SECURITY_HEADERS } from './security-headers.ts';
import { MANIFEST_LAUNCH } from './src/intake/share-target.ts';
import { catalogues } from './vite-i18n-plugin.ts';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

export default defineConfig({
  plugins: [
    // The message catalogues, compiled at build time (src/i18n).
    catalogues(),
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
        // Photos shared from the phone's gallery, or opened with the desktop install, open in the editor.
        ...MANIFEST_LAUNCH,
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
        // The share target's POST handler, added to the generated worker rather than trading generateSW
        // for a hand-written worker (injectManifest): the precache, the navigation fallback and the update
        // flow stay exactly as they were, and the handler is one small file. It is in public/, so the
        // glob above precaches it and its revision changes sw.js whenever it changes.
        importScripts: ['sw-share-target.js'],
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
    // tests/e2e/test-options.spec.ts serves the build under a name that is not loopback (mapped to
    // 127.0.0.1 in its browser), to check the test options are ignored there.
    allowedHosts: ['retrocam.test'],
    // Not on the dev server: Vite's dev client and React's refresh preamble are inline scripts.
    headers: SECURITY_HEADERS,
  },
  test: {
    // One test file per core. Vitest's default leaves one core for the main process, which on two cores
    // runs the files one at a time, though the main process has little to do while they run.
    maxWorkers: availableParallelism(),
    // Each test's time, for `npm run test:timings`.
    reporters: ['default', ['json', { outputFile: 'playwright-report/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Type tests (*.test-d.ts): each @ts-expect-error must stay an error.
          typecheck: {
            enabled: true,
            include: ['tests/unit/**/*.test-d.ts'],
            tsconfig: 'tsconfig.node.json',
          },
        },
      },
      {
        // The component tier: React components, the intake and the page's own code in a real Chromium
        // (the one the Playwright suite uses), with real focus, layout, keyboard and decoders, without a
        // production build or the effect worker.
        extends: true,
        // Found up front: a dependency found while a test file loads makes Vite reload the page mid-run.
        optimizeDeps: {
          include: [
            'react',
            'react-dom/client',
            'jotai',
            'jotai/utils',
            'wouter',
            'wouter/memory-location',
            'client-zip',
            'exifr/dist/mini.esm.mjs',
            'idb',
            '@lingui/core',
            'axe-core',
            'libheif-js/libheif-wasm/libheif.js',
            'fabric',
          ],
        },
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          // The editor's tests open the real worker: a busy machine (two cores, a build beside them) can
          // stretch one past Vitest's 15 s for browser tests without anything being wrong.
          testTimeout: 60_000,
          setupFiles: ['tests/component/setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs() },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1440, height: 900 },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
