import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';

/**
 * The layers' fences in eslint.config.js hold: an import across each is an error. Only the fences are
 * run (the config's `no-restricted-imports` entries, with the TypeScript parser and no type information),
 * so that each case is a line of text linted as if it were a file of its layer.
 */
const fences = config.filter(
  (entry) => entry.files !== undefined && entry.rules?.['no-restricted-imports'] !== undefined,
);

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...fences],
});

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const CASES: [string, string, string, RegExp][] = [
  ['the engine imports no UI library', 'src/engine/runner.ts', "import React from 'react';", /UI libraries/],
  [
    'the engine imports no editor code',
    'src/engine/worker/photo-engine.ts',
    "import { x } from '../../editor/controller.ts';",
    /UI code/,
  ],
  ['the effects import no UI code', 'src/effects/ccd.ts', "import { x } from '../app/site.ts';", /UI code/],
  [
    'the crop geometry imports no UI code',
    'src/crop/model/geometry.ts',
    "import { x } from '../../editor/controller.ts';",
    /UI code/,
  ],
  [
    "the crop's pure edits import no React",
    'src/crop/model/frame-edit.ts',
    "import { useState } from 'react';",
    /UI libraries/,
  ],
  [
    'grading imports no effects',
    'src/grading/cube.ts',
    "import { x } from '../effects/index.ts';",
    /below the effects/,
  ],
  [
    'the editor imports no GPU code',
    'src/editor/controller.ts',
    "import { x } from '../engine/webgpu/backend.ts';",
    /GPU code/,
  ],
  [
    'the crop tool imports no GPU code',
    'src/crop/ui/CropTool.tsx',
    "import { x } from '../../pipeline/stages/transform.ts';",
    /GPU code/,
  ],
  [
    'the camera imports no worker code',
    'src/camera/ui/CameraView.tsx',
    "import { x } from '../../engine/worker/live.ts';",
    /GPU code/,
  ],
  [
    'the engine imports no intake code',
    'src/engine/worker/photo-engine.ts',
    "import { x } from '../../intake/inspect.ts';",
    /does not import the intake/,
  ],
  [
    'the engine imports no crop tool',
    'src/engine/protocol.ts',
    "import x from '../crop/ui/CropTool.tsx';",
    /UI code/,
  ],
  [
    'the effects import no intake code',
    'src/effects/date-stamp.ts',
    "import { x } from '../intake/orientation.ts';",
    /stages and the grading only/,
  ],
  [
    "the effects import none of the worker's machinery",
    'src/effects/ccd.ts',
    "import { x } from '../engine/worker/photo-engine.ts';",
    /stages and the grading only/,
  ],
  ['the effects import no UI library', 'src/effects/types.ts', "import React from 'react';", /UI libraries/],
  [
    'grading imports no intake code',
    'src/grading/luts.ts',
    "import { x } from '../intake/decode.ts';",
    /below the effects/,
  ],
  [
    'the intake imports no effects',
    'src/intake/orientation.ts',
    "import { x } from '../effects/settings.ts';",
    /only the shared helpers/,
  ],
  [
    'the intake imports no editor code',
    'src/intake/intake.ts',
    "import { x } from '../editor/controller.ts';",
    /only the shared helpers/,
  ],
  [
    'the intake imports no UI library',
    'src/intake/paste.ts',
    "import { useEffect } from 'react';",
    /UI libraries/,
  ],
  [
    'the shared helpers import no intake code',
    'src/metadata/date-taken.ts',
    "import { x } from '../intake/orientation.ts';",
    /import no other layer/,
  ],
  [
    'the JPEG file helpers import no intake code',
    'src/jpeg-file/segments.ts',
    "import { x } from '../intake/byte-reader.ts';",
    /import no other layer/,
  ],
  [
    'the JPEG encoder imports no engine code',
    'src/jpeg-encoder/strip-encoder.ts',
    "import { x } from '../engine/tiling.ts';",
    /import no other layer/,
  ],
  [
    'the pixel helpers import no engine code',
    'src/pixels/strips.ts',
    "import { x } from '../engine/tiling.ts';",
    /import no other layer/,
  ],
  [
    'the colour helpers import no UI library',
    'src/colour/profile.ts',
    "import { atom } from 'jotai';",
    /UI libraries/,
  ],
  [
    'the app imports no GPU code',
    'src/app/main.tsx',
    "import { x } from '../engine/webgpu/create.ts';",
    /GPU code/,
  ],
  [
    'the editor imports no page of the app',
    'src/editor/EditorPage.tsx',
    "import { x } from '../app/site.ts';",
    /above the UI/,
  ],
  [
    'the collage panel imports no GPU code',
    'src/collage/ui/CollagePanel.tsx',
    "import { x } from '../../engine/cpu/backend.ts';",
    /GPU code/,
  ],
  [
    'the crop tool imports no page of the app',
    'src/crop/ui/crop-controller.ts',
    "import { x } from '../../app/pages/LandingPage.tsx';",
    /above the UI/,
  ],
  [
    'the camera imports no editor code',
    'src/camera/ui/CameraView.tsx',
    "import { x } from '../../editor/editor-test-hooks.ts';",
    /plugs into the editor/,
  ],
  [
    'the camera imports no page of the app',
    'src/camera/ui/entry.ts',
    "import { x } from '../../app/App.tsx';",
    /above the UI/,
  ],
  [
    'the effects import no collage editor',
    'src/effects/index.ts',
    "import { x } from '../collage/ui/canvas/fabric-collage.ts';",
    /UI code/,
  ],
  [
    'the collage model imports no fabric',
    'src/collage/model/types.ts',
    "import { Canvas } from 'fabric';",
    /UI libraries/,
  ],
  [
    "the collage model imports none of the collage's UI",
    'src/collage/model/config.ts',
    "import { x } from '../ui/collage-controller.ts';",
    /UI code/,
  ],
  [
    'the collage imports no GPU code',
    'src/collage/ui/canvas/scene.ts',
    "import { x } from '../../../engine/webgl2/backend.ts';",
    /GPU code/,
  ],
  [
    'the collage model imports no GPU code',
    'src/collage/model/slot-layout.ts',
    "import { x } from '../../pipeline/stages/transform.ts';",
    /GPU code/,
  ],
  [
    'the frames model imports no GPU code',
    'src/frames/model/layout.ts',
    "import { x } from '../../pipeline/stages/frame/stage.ts';",
    /GPU code/,
  ],
  [
    'the frames model imports no React',
    'src/frames/model/text.ts',
    "import { useState } from 'react';",
    /UI libraries/,
  ],
  [
    'the engine imports no frame choice UI',
    'src/engine/worker/frame.ts',
    "import { x } from '../../frames/ui/frame-atom.ts';",
    /UI code/,
  ],
  [
    'the frame choice imports no GPU code',
    'src/frames/ui/FrameChoice.tsx',
    "import { x } from '../../engine/worker/frame.ts';",
    /GPU code/,
  ],
  [
    'the UI reaches jotai only through src/ui/jotai.ts',
    'src/app/App.tsx',
    "import { atom } from 'jotai';",
    /src\/ui\/jotai\.ts/,
  ],
  // A model/ folder is pure and worker-safe (the folder fence, and each model's own).
  [
    'a model imports no React',
    'src/camera/model/looks.ts',
    "import { useState } from 'react';",
    /UI libraries/,
  ],
  [
    'a model imports no fabric',
    'src/crop/model/geometry.ts',
    "import { Canvas } from 'fabric';",
    /UI libraries/,
  ],
  [
    'a model imports nothing of a ui/ folder',
    'src/camera/model/choices.ts',
    "import { x } from '../ui/camera-session.ts';",
    /a ui\/ folder/,
  ],
  [
    "the crop's model imports nothing of the crop tool",
    'src/crop/model/crop-choice.ts',
    "import { x } from '../ui/crop-controller.ts';",
    /a ui\/ folder/,
  ],
  [
    'the frames model imports nothing of the frame choice',
    'src/frames/model/layout.ts',
    "import { x } from '../ui/frame-atom.ts';",
    /a ui\/ folder/,
  ],
  [
    'the recipes model imports no editor code',
    'src/recipes/model/parse.ts',
    "import { x } from '../../editor/recovery.ts';",
    /UI code/,
  ],
  [
    'the crop model imports no GPU code',
    'src/crop/model/geometry.ts',
    "import { x } from '../../pipeline/stages/transform/stage.ts';",
    /GPU code/,
  ],
  // The features plug into the editor through their host: none of them imports it.
  [
    'the crop imports nothing from the editor',
    'src/crop/ui/crop-controller.ts',
    "import { x } from '../../editor/state/atoms.ts';",
    /plugs into the editor/,
  ],
  [
    'the collage imports nothing from the editor',
    'src/collage/ui/collage-controller.ts',
    "import { runSave } from '../../editor/saving.ts';",
    /plugs into the editor/,
  ],
  [
    "the collage's canvas imports nothing from the editor",
    'src/collage/ui/canvas/scene.ts',
    "import { x } from '../../../editor/commands.ts';",
    /plugs into the editor/,
  ],
  [
    'the recipes import nothing from the editor',
    'src/recipes/ui/recipe-book.ts',
    "import { x } from '../../editor/engine-session.ts';",
    /plugs into the editor/,
  ],
  [
    'the frames import nothing from the editor',
    'src/frames/ui/frame-controller.ts',
    "import { x } from '../../editor/controller.ts';",
    /plugs into the editor/,
  ],
  [
    'the camera imports nothing from the editor',
    'src/camera/ui/camera-session.ts',
    "import { x } from '../../editor/controller.ts';",
    /plugs into the editor/,
  ],
  [
    "the camera's UI imports no crop",
    'src/camera/ui/CameraView.tsx',
    "import { x } from '../../crop/ui/CropTool.tsx';",
    /opened by the editor and the landing page/,
  ],
  [
    'the host the editor hands the features imports nothing from it',
    'src/session/host.ts',
    "import { x } from '../editor/controller.ts';",
    /plugs into the editor/,
  ],
  [
    'the shared UI imports nothing from the editor',
    'src/ui/components/SettingControl.tsx',
    "import { x } from '../../editor/state/atoms.ts';",
    /plugs into the editor/,
  ],
  // One direction: the pipeline, then the effects, the edit, the engine; the features meet in the edit.
  [
    'the pipeline imports nothing of the engine',
    'src/pipeline/stages/types.ts',
    "import type { x } from '../../engine/backend.ts';",
    /below the effects and the engine/,
  ],
  [
    'the effects import nothing of the engine, not even its protocol',
    'src/effects/types.ts',
    "import type { x } from '../engine/protocol.ts';",
    /stages and the grading only/,
  ],
  [
    'the effects import no feature',
    'src/effects/index.ts',
    "import { x } from '../collage/model/types.ts';",
    /below the features and the edit/,
  ],
  [
    'the edit imports nothing of the engine',
    'src/edit/edit.ts',
    "import type { x } from '../engine/protocol.ts';",
    /The edit is below/,
  ],
  [
    "the edit imports no feature's model",
    'src/edit/edit.ts',
    "import type { x } from '../crop/model/crop-choice.ts';",
    /The edit is below/,
  ],
  [
    "the features' shared code imports no feature",
    'src/session/edit-state.ts',
    "import { x } from '../crop/model/crop-choice.ts';",
    /what they exchange is the edit/,
  ],
  [
    'the shared UI imports no feature',
    'src/ui/atoms.ts',
    "import { x } from '../frames/model/layout.ts';",
    /below the features and their host/,
  ],
  [
    "the shared UI imports nothing of the features' host",
    'src/ui/notifications.ts',
    "import type { x } from '../session/editor-state.ts';",
    /below the features and their host/,
  ],
  [
    "the crop's UI imports nothing of the frames' UI",
    'src/crop/ui/crop-controller.ts',
    "import { x } from '../../frames/ui/frame-atom.ts';",
    /never in each other's UI code/,
  ],
  [
    "the recipes' UI imports nothing of the crop tool",
    'src/recipes/ui/recipe-book.ts',
    "import { x } from '../../crop/ui/crop-controller.ts';",
    /never in each other's UI code/,
  ],
  [
    'the editor imports nothing of the app',
    'src/editor/controller.ts',
    "import { x } from '../app/pages/LandingPage.tsx';",
    /imports nothing of it/,
  ],
];

describe('the layers are fenced by lint', () => {
  for (const [label, file, code, message] of CASES) {
    it(label, async () => {
      const found = await errors(file, code);
      expect(
        found.some((text) => text.startsWith('no-restricted-imports') && message.test(text)),
        found.join('\n'),
      ).toBe(true);
    });
  }

  it('and allows what the layers may import', async () => {
    expect(
      await errors('src/editor/controller.ts', "import { x } from '../engine/client/engine-client.ts';"),
    ).toEqual([]);
    expect(await errors('src/engine/protocol.ts', "import { x } from '../crop/model/geometry.ts';")).toEqual(
      [],
    );
    expect(
      await errors(
        'src/engine/worker/dispatcher.ts',
        "import { openFullSize } from '../../intake/decode.ts';",
      ),
    ).toEqual([]);
    expect(await errors('src/intake/decode.ts', "import { x } from '../metadata/exif-dates.ts';")).toEqual(
      [],
    );
    expect(
      await errors('src/effects/settings.ts', "import { x } from '../metadata/calendar-day.ts';"),
    ).toEqual([]);
    expect(
      await errors('src/camera/ui/CameraView.tsx', "import { pngDataUrl } from '../../ui/test-hooks.ts';"),
    ).toEqual([]);
    expect(await errors('src/effects/index.ts', "import { x } from './collage.ts';")).toEqual([]);
    expect(await errors('src/effects/collage.ts', "import { x } from './types.ts';")).toEqual([]);
  });

  it('and allows what the features and their models may import', async () => {
    const allowed: [string, string][] = [
      // A feature's UI: the host, the shared UI, its own model, the engine's client.
      ['src/crop/ui/crop-controller.ts', "import type { FeatureHost } from '../../session/host.ts';"],
      ['src/crop/ui/CropTool.tsx', "import { x } from '../model/frame-edit.ts';"],
      ['src/collage/ui/CollagePanel.tsx', "import { x } from '../../ui/components/SettingControl.tsx';"],
      ['src/collage/ui/canvas/scene.ts', "import { x } from '../../model/slot-layout.ts';"],
      ['src/recipes/ui/recipe-book.ts', "import { x } from '../../engine/client/engine-client.ts';"],
      ['src/frames/ui/frame-atom.ts', "import { atom } from '../../ui/jotai.ts';"],
      ['src/camera/ui/CameraView.tsx', "import { x } from '../model/looks.ts';"],
      ['src/ui/components/SettingControl.tsx', "import { x } from '../atoms.ts';"],
      ['src/session/host.ts', "import type { Store } from '../ui/jotai.ts';"],
      // A model: the effects, the i18n's pure modules, another model, the editor's state.
      ['src/crop/model/geometry.ts', "import { msg } from '../../i18n/msg.ts';"],
      ['src/camera/model/looks.ts', "import type { Recipe } from '../../edit/recipe.ts';"],
      ['src/collage/model/collage-rules.ts', "import { x } from '../../session/editor-state.ts';"],
      ['src/recipes/model/parse.ts', "import { x } from '../../crop/model/crop-choice.ts';"],
      ['src/frames/model/text.ts', "import { x } from '../../effects/settings.ts';"],
      // The worker reads the models; the editor hands the features their host.
      ['src/engine/worker/crop.ts', "import { x } from '../../crop/model/geometry.ts';"],
      ['src/editor/controller.ts', "import { CropController } from '../crop/ui/crop-controller.ts';"],
    ];
    for (const [file, code] of allowed) expect(await errors(file, code), file).toEqual([]);
  });
});
