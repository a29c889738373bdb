/**
 * The .cube export of a recipe's colour, as the dialog (CubeExportDialog.tsx) shows it: the file's
 * name, what the file leaves out, and the way to the worker that makes it (the engine's client).
 */
import { msg, type Shown } from '../../i18n/msg.ts';
import { cleanFileName } from '../../i18n/user-text.ts';
import type { EngineClient } from '../../engine/client/engine-client.ts';
import type { LeftOut } from '../../engine/protocol.ts';
import type { Recipe } from '../../edit/recipe.ts';

/** What an export gives: the file's text (null with `error`, for the user), what it holds and leaves out. */
export interface CubeExport {
  text: string | null;
  /** The steps whose colour the file holds. */
  kept: readonly string[];
  /** The steps, or parts of steps, it leaves out (not per-pixel colour: a blur, grain, a vignette). */
  left: readonly LeftOut[];
  error?: Shown;
}

/** Makes a recipe's .cube (the worker runs it): what the dialog is handed. */
export type CubeExporter = (recipe: Recipe) => Promise<CubeExport>;

/** The exporter of the engine that `client` gives (null while there is none). */
export function engineCubeExporter(client: () => EngineClient | null): CubeExporter {
  return async (recipe) => {
    const engine = client();
    if (!engine)
      return { text: null, kept: [], left: [], error: msg('The effect engine is not running yet.') };
    return engine.exportCube(recipe.name, recipe.steps, recipe.cubes);
  };
}

/** The longest base of a .cube's file name, in code points. */
const MAX_CUBE_NAME = 80;

/** `<name>.cube`, the recipe's name made safe for every file system (the user-text cleaner's file name). */
export function cubeFileName(name: string): string {
  return `${cleanFileName(name, MAX_CUBE_NAME, 'recipe')}.cube`;
}

/** Everything a .cube cannot hold: the steps the worker left out, then the crop and the frame. */
export function leftOutOfCube(recipe: Recipe, result: CubeExport): LeftOut[] {
  const left = [...result.left];
  if (recipe.crop) left.push({ step: msg('Crop') });
  if (recipe.frame && recipe.frame.id !== 'none') left.push({ step: msg('Frame') });
  return left;
}
