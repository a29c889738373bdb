import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const UI_LIBRARIES = ['react', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*', 'wouter'];
// The collage's model (src/collage/model: its effect definition is in the effect list) is not UI; its
// canvas, panel and editor side are.
const UI_CODE = [
  '**/editor/**',
  '**/app/**',
  '**/collage/*.ts',
  '**/collage/canvas/**',
  '**/collage/ui/**',
  'fabric',
  'fabric/*',
  '**/camera/**',
  '**/frames/ui/**',
];
const CROP_TOOL = ['**/crop/*.tsx', '**/crop/crop-controller.ts'];
const GPU_CODE = [
  '**/engine/webgpu/**',
  '**/engine/webgl2/**',
  '**/engine/cpu/**',
  '**/engine/stages/**',
  '**/engine/worker/**',
  '**/shaders/**',
];
const JOTAI = { name: 'jotai', message: 'Import jotai through src/editor/editor-jotai.ts.' };
const NO_GPU = {
  group: GPU_CODE,
  message: 'The UI does not import GPU code: it talks to the engine through src/engine/client.',
};
const NO_APP = {
  group: ['**/app/**', '!**/app/test-hooks.ts'],
  message:
    'The app (entry, routes, pages) is above the UI it shows: of it, import only src/app/test-hooks.ts.',
};

/**
 * One layer's fence: `no-restricted-imports` for its files, but `ignores` (jotai only through
 * editor-jotai.ts, as everywhere).
 */
function fence(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { paths: [JOTAI], patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results.json',
      'tests/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // No import circles: a module's dependencies never lead back to it.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Imported by the generated service worker: a worker's globals, not Node's.
    files: ['public/sw-share-target.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'jotai', message: 'Import jotai through src/editor/editor-jotai.ts.' }] },
      ],
    },
  },
  {
    files: ['src/editor/editor-jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The layers' fences (docs/map.md, "The layers"): what each layer may not import. A file gets exactly one
  // fence (a later entry's `no-restricted-imports` would replace an earlier one's), so the file sets below
  // do not overlap; tests/unit/lint-fences.test.ts shows an import across each.
  fence(
    // The engine runs in the worker (its client and its protocol on the main thread): no UI libraries, no
    // UI code, and of the intake only its decoder (the full-size original, loaded lazily by dispatcher.ts). The
    // crop's pure modules (geometry, the frame's edits, the choice, its link) are the engine's and the
    // crop tool's alike.
    [
      'src/engine/**/*.ts',
      'src/crop/geometry.ts',
      'src/crop/frame-edit.ts',
      'src/crop/crop-choice.ts',
      'src/crop/crop-link.ts',
    ],
    [
      { group: UI_LIBRARIES, message: 'The engine stays free of UI libraries.' },
      { group: [...UI_CODE, ...CROP_TOOL], message: 'The engine does not import UI code.' },
      {
        group: ['**/intake/**', '!**/intake/decode.ts'],
        message: 'The engine does not import the intake (but its decoder, src/intake/decode.ts).',
      },
    ],
  ),
  fence(
    // The effect definitions are read by the UI and the worker alike: the stages and the grading below
    // them, never the worker's machinery, the UI or the intake.
    ['src/effects/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The effects stay free of UI libraries.' },
      { group: [...UI_CODE, '**/crop/**'], message: 'The effects do not import UI code.' },
      {
        group: [
          ...GPU_CODE.filter((path) => path !== '**/engine/stages/**'),
          '**/engine/client/**',
          '**/intake/**',
        ],
        message:
          'The effects import the stages and the grading only: not the worker, the backends or the intake.',
      },
    ],
  ),
  fence(
    // Colour grading is a layer below the effects: looks, LUTs and .cube files know nothing of them.
    ['src/grading/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'Colour grading stays free of UI libraries.' },
      {
        group: ['**/effects/**', '**/engine/**', '**/intake/**', '**/crop/**', ...UI_CODE],
        message: 'Colour grading is below the effects and the engine: it imports none of them.',
      },
    ],
  ),
  fence(
    // The intake (from a file to an upright bitmap) is below the UI and beside the engine: it imports the
    // shared helpers (pixels, colour, metadata, the JPEG file) only.
    ['src/intake/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The intake stays free of UI libraries.' },
      {
        group: ['**/engine/**', '**/effects/**', '**/grading/**', '**/crop/**', '**/collage/**', ...UI_CODE],
        message:
          'The intake imports only the shared helpers (src/pixels, src/colour, src/metadata, src/jpeg-file).',
      },
    ],
  ),
  fence(
    // The shared helpers at the bottom: pictures in strips and their sizes, colour profiles, a photo's dates,
    // a JPEG file's segments, the JPEG encoder that takes a picture a strip of rows at a time.
    [
      'src/pixels/**/*.ts',
      'src/colour/**/*.ts',
      'src/metadata/**/*.ts',
      'src/jpeg-file/**/*.ts',
      'src/jpeg-encoder/**/*.ts',
    ],
    [
      { group: UI_LIBRARIES, message: 'The shared helpers stay free of UI libraries.' },
      {
        group: [
          '**/engine/**',
          '**/effects/**',
          '**/grading/**',
          '**/intake/**',
          '**/crop/**',
          '**/collage/**',
          '**/shaders/**',
          ...UI_CODE,
        ],
        message:
          'The shared helpers (src/pixels, src/colour, src/metadata, src/jpeg-file, src/jpeg-encoder) import no other layer.',
      },
    ],
  ),
  // The UI (the editor, the pages, the collage, the camera, the crop tool) never imports GPU code: it talks
  // to the engine through src/engine/client and the messages of src/engine/protocol.ts. Below the app (the
  // entry, the routes, the pages), it imports of the app only the test hooks' shared piece.
  fence(['src/app/**/*.{ts,tsx}'], [NO_GPU]),
  fence(
    [
      'src/editor/**/*.{ts,tsx}',
      'src/collage/**/*.{ts,tsx}',
      'src/crop/**/*.tsx',
      'src/crop/crop-controller.ts',
      'src/frames/ui/**/*.{ts,tsx}',
    ],
    [NO_GPU, NO_APP],
    // Its own fence, below, holds the collage's model.
    ['src/collage/model/**'],
  ),
  fence(
    // The collage's model (types, presets, the slot layout, the config's changes, its effect definition) is
    // pure: the editor's state and the worker's effect list read it, so it imports no UI library, no
    // fabric, no UI code (its canvas, panel and editor side) and, like all the collage, no GPU code.
    ['src/collage/model/**/*.ts'],
    [
      {
        group: [...UI_LIBRARIES, 'fabric', 'fabric/*'],
        message: 'The collage model stays free of UI libraries.',
      },
      {
        group: [
          '**/editor/**',
          '**/app/**',
          '**/collage/*.ts',
          '../*.ts',
          '../*.tsx',
          '**/canvas/**',
          '**/ui/**',
        ],
        message: 'The collage model does not import UI code.',
      },
      NO_GPU,
    ],
  ),
  fence(
    // The recipes' model (the shape, reading untrusted recipes, the starters, the history step's name) is
    // pure: the editor, the batch, the camera and the worker read it; it reads the effects and the crop's
    // pure modules, never storage, UI or GPU code.
    ['src/recipes/model/**/*.ts'],
    [
      {
        group: [...UI_LIBRARIES, 'idb'],
        message: 'The recipes model stays free of UI libraries and storage.',
      },
      {
        group: [...UI_CODE, ...CROP_TOOL, '**/recipes/store/**', '**/recipes/ui/**'],
        message: 'The recipes model is pure: it imports no UI code and no store.',
      },
      {
        group: [...GPU_CODE, '**/engine/client/**', '**/intake/**'],
        message: 'The recipes model imports no worker, backend or intake code.',
      },
    ],
  ),
  fence(
    // Where recipes are kept (IndexedDB): below the UI, beside the engine.
    ['src/recipes/store/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The recipe store stays free of UI libraries.' },
      {
        group: [...UI_CODE, ...CROP_TOOL, '**/recipes/ui/**', ...GPU_CODE, '**/engine/client/**'],
        message: 'The recipe store imports the recipes model only: no UI, no engine.',
      },
    ],
  ),
  // The recipes' UI is the editor's: it talks to the engine through the editor's session.
  fence(['src/recipes/ui/**/*.{ts,tsx}'], [NO_GPU, NO_APP]),
  fence(
    // The frames' model (the frames, their layout around a photo, the choice, its recipe and link forms,
    // the text they write) is pure: the engine's frame stage and the editor's frame choice both read it.
    ['src/frames/model/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The frames model stays free of UI libraries.' },
      { group: [...UI_CODE, '**/crop/*.tsx'], message: 'The frames model does not import UI code.' },
      NO_GPU,
    ],
  ),
  fence(
    // The camera is opened by the landing page and by the editor alike: it imports neither.
    ['src/camera/**/*.{ts,tsx}'],
    [
      NO_GPU,
      NO_APP,
      {
        group: ['**/editor/**', '**/collage/**', '**/crop/**'],
        message: 'The camera is opened by the editor and the landing page: it imports neither.',
      },
    ],
  ),
  {
    files: ['src/editor/editor-jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*', 'bench/**/*', '*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
);
