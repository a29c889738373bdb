import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const UI_LIBRARIES = ['react', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*', 'wouter'];
const GPU_CODE = {
  group: [
    '**/engine/webgpu/**',
    '**/engine/webgl2/**',
    '**/engine/cpu/**',
    '**/engine/stages/**',
    '**/engine/worker/**',
    '**/shaders/**',
  ],
  message: 'The UI does not import GPU code: it talks to the engine through src/engine/client.',
};

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
  {
    // The engine, the effect definitions and the colour grading run in the worker: no UI libraries, no
    // editor code. The crop's pure modules (geometry, the frame's edits, the choice, its link) are theirs
    // and the crop tool's alike.
    files: [
      'src/engine/**/*.ts',
      'src/effects/**/*.ts',
      'src/grading/**/*.ts',
      'src/crop/geometry.ts',
      'src/crop/frame-edit.ts',
      'src/crop/crop-choice.ts',
      'src/crop/crop-link.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: UI_LIBRARIES, message: 'The engine stays free of UI libraries.' },
            {
              // The collage's model (src/collage/model: its effect definition is in the list) is not UI; its
              // canvas, panel and editor side are.
              group: [
                '**/editor/**',
                '**/app/**',
                '**/collage/*.ts',
                '**/canvas/**',
                '**/ui/**',
                'fabric',
                'fabric/*',
              ],
              message: 'The engine does not import UI code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI (the editor, the pages, the collage, the camera, the crop tool) never imports GPU code: it
    // talks to the engine through src/engine/client and the messages of src/engine/protocol.ts.
    files: [
      'src/editor/**/*.{ts,tsx}',
      'src/app/**/*.{ts,tsx}',
      'src/collage/**/*.{ts,tsx}',
      'src/camera/**/*.{ts,tsx}',
      'src/crop/**/*.tsx',
      'src/crop/crop-controller.ts',
    ],
    // Its own fence, below, holds the collage's model.
    ignores: ['src/collage/model/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'jotai', message: 'Import jotai through src/editor/editor-jotai.ts.' }],
          patterns: [GPU_CODE],
        },
      ],
    },
  },
  {
    // The collage's model (types, presets, the slot layout, the config's changes, its effect definition) is
    // pure: the editor's state and the worker's effect list read it, so it imports no UI library, no
    // fabric, no UI code (its canvas, panel and editor side) and, like all the collage, no GPU code.
    files: ['src/collage/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
            GPU_CODE,
          ],
        },
      ],
    },
  },
  {
    files: ['src/editor/editor-jotai.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Colour grading is a layer below the effects: looks, LUTs and .cube files know nothing of them.
    files: ['src/grading/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: UI_LIBRARIES, message: 'Colour grading stays free of UI libraries.' },
            {
              group: ['**/effects/**', '**/engine/**', '**/editor/**', '**/app/**', '**/collage/**'],
              message: 'Colour grading is below the effects and the engine: it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*', 'bench/**/*', '*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
);
