/**
 * A recipe's colour as a .cube file: each step's stages are asked of its effect, the ones that change a
 * pixel by its colour alone (`colourOnly`: a look's LUT, the user's .cube, vibrance) are kept, and an
 * identity lattice laid out as an image runs through them on the engine's backend, step by step as the
 * editor commits them (8-bit between steps, each mixed with its input by its strength). What the lattice
 * becomes is the table. Everything else (a blur, grain, a vignette, the JPEG blocks, a date stamp) depends
 * on a pixel's place or its neighbours, so no LUT can hold it: it is left out, and named.
 */
import { msg, shownOf } from '../../i18n/msg.ts';
import { COLOUR_NOT_EXPORTED_TEMPLATE, CUBE_EXPORT_TOO_MANY_TEMPLATE } from '../../i18n/templates.ts';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import type { Settings } from '../../effects/types.ts';
import { CubeFormatError, cubeTooLargeMessage, MAX_CUBE_BYTES, parseCube } from '../../grading/cube.ts';
import { writeCube } from '../../grading/cube-write.ts';
import { CUSTOM_LUT, lutKey } from '../../grading/look-names.ts';
import { atlasOffset, bakeGrade } from '../../grading/lut-atlas.ts';
import type { GpuTexture } from '../backend.ts';
import type { ColourStep, CubeExportedMessage, ExportCubeMessage, LeftOut } from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import { getStage } from '../../pipeline/stages/index.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';

/** The points a side of the exported table: the size most tools read and write. */
export const EXPORT_CUBE_SIZE = 33;

/** The most steps an export takes: far more than a recipe holds. */
export const MAX_EXPORT_STEPS = 100;

/** How a left-out stage is named to the user, where its name alone would not say it. */
const STAGE_LABELS: Readonly<Record<string, string>> = {
  grain: msg('grain'),
  'tonal-grain': msg('grain'),
  noise: msg('noise'),
  vignette: msg('vignette'),
  'dual-vignette': msg('vignette'),
  'dust-scratches': msg('dust and scratches'),
  'light-leak': msg('light leak'),
  'date-stamp': msg('date stamp'),
  jpeg: msg('JPEG blocks'),
  blur: msg('blur'),
  'smart-blur': msg('blur'),
  'soft-corners': msg('soft corners'),
  pixelate: msg('pixelation'),
  resize: msg('resolution'),
  'lens-reflection': msg('lens reflection'),
  fringing: msg('colour fringing'),
};

export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage] ?? stage.replace(/-/g, ' ');
}

/** A chain split into the stages a LUT can stand for, in order, and the names of the rest. */
export function splitColour(chain: readonly StageInvocation[]): {
  colour: StageInvocation[];
  left: string[];
} {
  const colour: StageInvocation[] = [];
  const left: string[] = [];
  for (const invocation of chain) {
    const stage = getStage(invocation.stage);
    if (stage.perPixel && stage.colourOnly) colour.push(invocation);
    else left.push(invocation.stage);
  }
  return { colour, left };
}

/**
 * A step's strength, 0..1: its `strength` setting (0-100, every worker effect's), 1 when it has none or
 * it is not a number.
 */
export function stepStrength(settings: Settings): number {
  const value = settings.strength;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  return Math.min(100, Math.max(0, value)) / 100;
}

/** What is left out of a step, for the user: the whole step, or the parts of it (each named once). */
export function leftOutLabel(step: string, stages: readonly string[] | null): LeftOut {
  if (stages === null) return { step };
  return { step, parts: [...new Set(stages.map(stageLabel))] };
}

/** `input` and `output` mixed by `strength` (0..1), level by level, as a step's strength mixes them. */
function mix(input: Uint8Array, output: Uint8Array, strength: number): Uint8Array<ArrayBuffer> {
  const mixed = new Uint8Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const a = input[i] ?? 0;
    mixed[i] = Math.round(a + ((output[i] ?? 0) - a) * strength);
  }
  return mixed;
}

/** The lattice read back (the atlas's layout) as the table's values, red fastest, 0..1. */
function tableValues(pixels: Uint8Array, size: number): Float32Array {
  const values = new Float32Array(size ** 3 * 3);
  for (let b = 0, i = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++, i += 3) {
        const offset = atlasOffset(size, r, g, b);
        for (let c = 0; c < 3; c++) values[i + c] = (pixels[offset + c] ?? 0) / 255;
      }
    }
  }
  return values;
}

type Answer = Omit<CubeExportedMessage, 'type' | 'id'>;

/** What the steps of one export share: the lattice's size, the textures, what is kept and left out. */
interface Run {
  readonly runner: StageRunner;
  /** The engine's textures for a step (the looks' LUTs, a .cube loaded in the editor). */
  readonly resolveFor: (step: { cube?: string | undefined }) => TextureResolver;
  /** The recipe's own .cube files by hash: each file's text. */
  readonly cubes: Readonly<Record<string, string>>;
  /** The recipe's own .cube files, parsed and uploaded once, by hash; destroyed at the end. */
  readonly own: Map<string, GpuTexture>;
  readonly width: number;
  readonly height: number;
  readonly taken: string;
  readonly kept: string[];
  readonly left: LeftOut[];
}

/** The texture of the recipe's own .cube `name` (its hash), parsed and uploaded on first use. */
function cubeTexture(run: Run, name: string): GpuTexture {
  const made = run.own.get(name);
  if (made) return made;
  const text = run.cubes[name] ?? '';
  if (text.length > MAX_CUBE_BYTES) throw new CubeFormatError(cubeTooLargeMessage(text.length));
  const { atlas } = parseCube(text);
  const image = new ImageData(new Uint8ClampedArray(atlas.data), atlas.width, atlas.height);
  const texture = run.runner.backend.uploadImage(image);
  run.own.set(name, texture);
  return texture;
}

/** The textures of a step: the engine's, but Filters' own look from the recipe's .cube where it has one. */
function stepResolver(run: Run, step: ColourStep): TextureResolver {
  const customKey = lutKey(CUSTOM_LUT);
  const engine = run.resolveFor({ cube: step.cube });
  return (key) => {
    if (key !== customKey) return engine(key);
    if (step.cube !== undefined && run.cubes[step.cube] !== undefined) return cubeTexture(run, step.cube);
    try {
      return engine(key);
    } catch {
      throw new CubeFormatError(msg('This recipe uses your own .cube look: load its .cube file first.'));
    }
  };
}

/** One step on the lattice as it stands: its new pixels, or null when it changes no colour. */
async function runStep(
  run: Run,
  step: ColourStep,
  pixels: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const { runner, width, height } = run;
  const { backend } = runner;
  const effect = findEffect(step.effectId);
  if (!effect || effect.runsOn !== 'worker') {
    run.left.push(leftOutLabel(effect?.name ?? step.effectId, null));
    return null;
  }
  const settings = resolveSettings(effect, step.settings);
  const split = splitColour(effect.stages(settings, { width, height, taken: run.taken }));
  if (split.left.length > 0) {
    run.left.push(leftOutLabel(effect.name, split.colour.length > 0 ? split.left : null));
  }
  const strength = stepStrength(step.settings);
  if (split.colour.length === 0 || strength === 0) return null;
  run.kept.push(effect.name);
  const resolve = stepResolver(run, step);
  const image = new ImageData(new Uint8ClampedArray(pixels), width, height);
  const input = runner.pool.adopt(backend.uploadImage(image));
  let output: GpuTexture;
  try {
    output = await backend.validate(() => runner.run(input, split.colour, resolve));
  } finally {
    runner.pool.release(input);
  }
  let read: Uint8Array<ArrayBuffer>;
  try {
    read = await backend.readPixels(output);
  } finally {
    runner.pool.release(output);
  }
  return strength < 1 ? mix(pixels, read, strength) : read;
}

/**
 * Runs the lattice through the colour stages of `message.steps` on `runner`'s backend; `resolve` gives
 * the engine's textures (the looks' LUTs, the .cube loaded in the editor). `taken` is the photo's day,
 * which some effects read to choose their stages. A failure is answered with why, for the user.
 */
export async function exportCube(
  runner: StageRunner,
  resolveFor: Run['resolveFor'],
  message: Omit<ExportCubeMessage, 'type' | 'id'>,
  taken: string,
): Promise<Answer> {
  const lattice = bakeGrade((r, g, b) => [r, g, b], EXPORT_CUBE_SIZE);
  const run: Run = {
    runner,
    resolveFor,
    cubes: message.cubes ?? {},
    own: new Map(),
    width: lattice.width,
    height: lattice.height,
    taken,
    kept: [],
    left: [],
  };
  try {
    if (message.steps.length > MAX_EXPORT_STEPS) {
      throw new CubeFormatError(msg(CUBE_EXPORT_TOO_MANY_TEMPLATE, { limit: MAX_EXPORT_STEPS }));
    }
    let pixels: Uint8Array<ArrayBuffer> = new Uint8Array(lattice.data);
    for (const step of message.steps) pixels = (await runStep(run, step, pixels)) ?? pixels;
    const values = tableValues(pixels, EXPORT_CUBE_SIZE);
    const text = writeCube({ title: message.title, size: EXPORT_CUBE_SIZE, values });
    return { text, kept: run.kept, left: run.left };
  } catch (error) {
    const why =
      error instanceof CubeFormatError
        ? error.shown
        : msg(COLOUR_NOT_EXPORTED_TEMPLATE, { reason: shownOf(error) });
    return { text: null, kept: run.kept, left: run.left, error: why };
  } finally {
    for (const texture of run.own.values()) runner.backend.destroyTexture(texture);
  }
}
