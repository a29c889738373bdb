import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const UI_LIBRARIES = ['react', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*', 'wouter'];
// What runs only on the page: the editor, the app, every `ui/` folder (the shared src/ui and each
// feature's: React, jotai, fabric, the DOM) and fabric itself. A feature's `model/` folder is not UI: it is
// pure, and the engine and the worker may read it.
const UI_CODE = ['**/editor/**', '**/app/**', '**/ui/**', 'fabric', 'fabric/*'];
const GPU_CODE = [
  '**/engine/webgpu/**',
  '**/engine/webgl2/**',
  '**/engine/cpu/**',
  '**/pipeline/stages/**',
  '**/pipeline/cpu/**',
  '**/engine/worker/**',
  '**/shaders/**',
];
const JOTAI = { name: 'jotai', message: 'Import jotai through src/ui/jotai.ts.' };
const NO_GPU = {
  group: GPU_CODE,
  message: 'The UI does not import GPU code: it talks to the engine through src/engine/client.',
};
const NO_EDITOR = {
  group: ['**/editor/**'],
  message:
    'A feature plugs into the editor through the host it is handed (src/session/host.ts): it imports nothing from src/editor.',
};
/**
 * A `model/` folder (src/<feature>/model) is pure and worker-safe: no UI library, no fabric, nothing of a
 * `ui/` folder, the editor or the app.
 */
const MODEL = [
  {
    group: [...UI_LIBRARIES, 'fabric', 'fabric/*'],
    message: 'A model/ folder is pure and worker-safe: it stays free of UI libraries and fabric.',
  },
  {
    group: ['**/ui/**', '**/editor/**', '**/app/**'],
    message:
      'A model/ folder is pure and worker-safe: it does not import UI code (a ui/ folder, the editor).',
  },
];
// The features' folders. They meet only in the edit (src/edit) and the host the editor hands them
// (src/session): none imports another's UI, and the code they share imports none of them.
const FEATURES = ['crop', 'collage', 'recipes', 'frames', 'camera'];
const FEATURE_CODE = FEATURES.map((feature) => `**/${feature}/**`);
const OTHER_FEATURES_UI = (own) => ({
  group: FEATURES.filter((feature) => feature !== own).map((feature) => `**/${feature}/ui/**`),
  message:
    "Features meet in the edit (src/edit) and the editor's host (src/session), never in each other's UI code.",
});
const NO_APP = {
  group: ['**/app/**'],
  message: 'The app (entry, routes, pages) is above the UI it shows: the UI imports nothing of it.',
};

/**
 * One layer's fence: `no-restricted-imports` for its files, but `ignores` (jotai only through
 * src/ui/jotai.ts, as everywhere).
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
        { paths: [{ name: 'jotai', message: 'Import jotai through src/ui/jotai.ts.' }] },
      ],
    },
  },
  {
    files: ['src/ui/jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The layers' fences (docs/map.md, "The layers"): what each layer may not import. A file gets exactly one
  // fence (a later entry's `no-restricted-imports` would replace an earlier one's), so the file sets below
  // do not overlap; tests/unit/lint-fences.test.ts shows an import across each.
  fence(
    // The engine runs in the worker (its client and its protocol on the main thread): no UI libraries, no
    // UI code, and of the intake only its decoder (the full-size original, loaded lazily by dispatcher.ts).
    ['src/engine/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The engine stays free of UI libraries.' },
      { group: UI_CODE, message: 'The engine does not import UI code.' },
      {
        group: ['**/intake/**', '!**/intake/decode.ts'],
        message: 'The engine does not import the intake (but its decoder, src/intake/decode.ts).',
      },
    ],
  ),
  fence(
    // The edit (one value: its crop, steps and frame, their checks and link forms, the form the worker
    // renders) is what the features, the editor and the worker exchange: pure and worker-safe, below all
    // of them, it reads only the pipeline's values and the i18n's pure modules.
    ['src/edit/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The edit stays free of UI libraries.' },
      {
        group: [
          '**/engine/**',
          '**/effects/**',
          '**/grading/**',
          '**/intake/**',
          '**/session/**',
          ...FEATURE_CODE,
          ...UI_CODE,
        ],
        message: 'The edit is below the engine, the effects and the features: it imports none of them.',
      },
    ],
  ),
  fence(
    // The pipeline (the stages, their uniform tables and CPU kernels, the values they take) is the
    // vocabulary the effects are written in and the engine runs: below both, it imports neither.
    ['src/pipeline/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The pipeline stays free of UI libraries.' },
      {
        group: [
          '**/engine/**',
          '**/effects/**',
          '**/intake/**',
          '**/crop/**',
          '**/collage/**',
          '**/frames/**',
          '**/recipes/**',
          '**/camera/**',
          '**/session/**',
          '**/edit/**',
          ...UI_CODE,
        ],
        message:
          'The pipeline is below the effects and the engine: it imports none of them, nor any feature.',
      },
    ],
  ),
  fence(
    // The effect definitions are read by the UI and the worker alike: the pipeline's stages and the grading
    // below them, nothing of the engine (the worker, the backends, the client, the protocol), the UI or
    // the intake.
    ['src/effects/**/*.ts'],
    [
      { group: UI_LIBRARIES, message: 'The effects stay free of UI libraries.' },
      { group: [...UI_CODE, '**/crop/**'], message: 'The effects do not import UI code.' },
      {
        group: [...FEATURE_CODE.filter((path) => path !== '**/crop/**'), '**/session/**', '**/edit/**'],
        message: 'The effects are below the features and the edit: they import none of them.',
      },
      {
        group: [
          ...GPU_CODE.filter((path) => path !== '**/pipeline/stages/**'),
          '**/engine/**',
          '**/intake/**',
        ],
        message:
          "The effects import the pipeline's stages and the grading only: not the engine or the intake.",
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
  // The UI (the editor, the pages, the shared src/ui, each feature's ui/ folder) never imports GPU code: it
  // talks to the engine through src/engine/client and the messages of src/engine/protocol.ts. Below the
  // app (the entry, the routes, the pages), it imports nothing of it.
  fence(['src/app/**/*.{ts,tsx}'], [NO_GPU]),
  fence(['src/editor/**/*.{ts,tsx}'], [NO_GPU, NO_APP]),
  // The features plug into the editor (src/session/host.ts is what it hands them); what they share with
  // it (src/ui: components, hooks, the store's atoms; src/session: the host, the state, the link) is
  // below the editor too. None of them imports the editor; the shared code imports no feature (but the
  // pairs tests/unit/folder-layers.test.ts still lists as known, excepted here by name), and a feature's
  // UI no other feature's UI.
  fence(
    ['src/session/**/*.ts'],
    [
      NO_GPU,
      NO_APP,
      NO_EDITOR,
      {
        group: [
          ...FEATURE_CODE.filter((path) => !['**/collage/**', '**/recipes/**'].includes(path)),
          // A file can be let through only where its folder is not fenced whole (gitignore's rule).
          '**/collage/ui/**',
          '**/collage/model/*',
          '!**/collage/model/types.ts',
          '**/recipes/ui/**',
          '**/recipes/store/**',
          '**/recipes/model/*',
          '!**/recipes/model/recipe.ts',
        ],
        message:
          'The code the features share imports none of them: what they exchange is the edit (src/edit).',
      },
    ],
  ),
  fence(
    ['src/ui/**/*.{ts,tsx}'],
    [
      NO_GPU,
      NO_APP,
      NO_EDITOR,
      {
        group: [
          ...FEATURE_CODE.filter((path) => path !== '**/collage/**'),
          '**/session/**',
          '**/collage/ui/**',
          '**/collage/model/*',
          '!**/collage/model/api.ts',
          '!**/collage/model/slot-layout.ts',
        ],
        message: 'The shared UI is below the features and their host: it imports neither.',
      },
    ],
  ),
  ...['crop', 'collage', 'recipes', 'frames'].map((feature) =>
    fence([`src/${feature}/ui/**/*.{ts,tsx}`], [NO_GPU, NO_APP, NO_EDITOR, OTHER_FEATURES_UI(feature)]),
  ),
  fence(
    // The camera's UI is opened by the landing page and by the editor alike: it imports neither, nor the
    // collage or the crop.
    ['src/camera/ui/**/*.{ts,tsx}'],
    [
      NO_GPU,
      NO_APP,
      NO_EDITOR,
      {
        group: ['**/collage/**', '**/crop/**'],
        message: 'The camera is opened by the editor and the landing page: it imports neither.',
      },
      {
        // The page's one recipe store, which the recipe book opens too, is still the recipes' UI's.
        ...OTHER_FEATURES_UI('camera'),
        group: [...OTHER_FEATURES_UI('camera').group, '!**/recipes/ui/kept-recipes.ts'],
      },
    ],
  ),
  fence(
    // A feature's model/ folder (the crop's geometry, the frame's edits, the choice and its link; the
    // camera's looks and choices) is pure and worker-safe: the engine, the worker and the UI read it.
    // The collage's, the recipes' and the frames' models have fences of their own, below, each with these
    // rules and its own.
    ['src/*/model/**/*.ts'],
    [...MODEL, NO_GPU],
    ['src/collage/model/**', 'src/recipes/model/**', 'src/frames/model/**'],
  ),
  fence(
    // The collage's model (types, presets, the slot layout, the config's changes and rules, its effect
    // definition) is pure: the editor's state and the worker's effect list read it.
    ['src/collage/model/**/*.ts'],
    [...MODEL, NO_GPU],
  ),
  fence(
    // The recipes' model (the shape, reading untrusted recipes, the starters, the history step's name) is
    // pure: the editor, the batch, the camera and the worker read it; it reads the effects and the crop's
    // model, never storage, UI or GPU code.
    ['src/recipes/model/**/*.ts'],
    [
      ...MODEL,
      { group: ['idb', '**/recipes/store/**'], message: 'The recipes model is pure: it imports no store.' },
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
        group: [...UI_CODE, ...GPU_CODE, '**/engine/client/**'],
        message: 'The recipe store imports the recipes model only: no UI, no engine.',
      },
    ],
  ),
  fence(
    // The frames' model (the frames, their layout around a photo, the choice, its recipe and link forms,
    // the text they write) is pure: the engine's frame stage and the editor's frame choice both read it.
    ['src/frames/model/**/*.ts'],
    [...MODEL, NO_GPU],
  ),
  {
    files: ['src/ui/jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*', 'bench/**/*', '*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
);
