/**
 * An effect is one declarative, worker-safe definition read by both the UI (its settings and ranges) and
 * the worker (the stages it runs).
 */
import type { StageInvocation } from '../pipeline/stages/invocation.ts';

import type { SettingValue } from '../pipeline/settings.ts';
import type { Shown } from '../i18n/msg.ts';

export type { SettingValue };
export type Settings = Readonly<Record<string, SettingValue>>;

interface SettingBase {
  /** The setting's name exactly as the product spec writes it (`jpeg_quality`, `vibrance`, ...). */
  readonly name: string;
  readonly label: string;
  /** Kept in the settings but not shown as a control (e.g. pg2016's lutName, which follows filterName). */
  readonly hidden?: boolean;
  /** Shown only for these settings (Blur radius only for a gaussian blur); the value is kept meanwhile. */
  readonly shownWhen?: (settings: Settings) => boolean;
  /** The control's test id when the testing contract names one (`look-strength`); else `setting-<name>`. */
  readonly testId?: string;
}

export interface RangeSetting extends SettingBase {
  readonly kind: 'range';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
  /** The values go round: after max comes min (and before min, max), as CCD's lens reflection id does. */
  readonly cyclic?: boolean;
  /**
   * A size in the processed image's pixels (a camera's resolution): an image processed at another scale
   * (a thumbnail) scales it too.
   */
  readonly imagePixels?: boolean;
  /**
   * The amplitude of per-pixel noise: an image processed at a smaller scale (a thumbnail) scales it alike,
   * so that, reduced, it shows the noise the whole image shows once reduced (averaging more pixels).
   */
  readonly pixelNoise?: boolean;
}

export interface SelectSetting extends SettingBase {
  readonly kind: 'select';
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly default: string;
  /** The thumbnail key of an option (Filters' looks), shown as a picker of thumbnails; null for none. */
  readonly preview?: (value: string) => string | null;
}

export interface ToggleSetting extends SettingBase {
  readonly kind: 'toggle';
  readonly default: boolean;
}

/** A colour as `#rrggbb`. */
export interface ColorSetting extends SettingBase {
  readonly kind: 'color';
  readonly default: string;
}

/**
 * A day as `YYYY-MM-DD`, or '' for the photo's own day (its EXIF DateTimeOriginal, else the day it was
 * opened): the date stamp's date.
 */
export interface DateSetting extends SettingBase {
  readonly kind: 'date';
  readonly default: '';
}

export type SettingDefinition = RangeSetting | SelectSetting | ToggleSetting | ColorSetting | DateSetting;

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * What an effect's stages may know of the photo besides its size: the day it was taken (`YYYY-MM-DD`,
 * from its EXIF DateTimeOriginal, else the day it was opened), for the date stamp.
 */
export interface PhotoInput extends ImageSize {
  readonly taken?: string;
}

/** An effect that paints on the canvas (Blur/Pixelate's draw mode): when it draws, and its brush. */
export interface DrawingCapability {
  /** Whether these settings paint (drawing mode is on exactly then). */
  active(settings: Settings): boolean;
  /** The brush's control: its range, label and the size it starts at for these settings. */
  readonly brush: RangeSetting;
  /** A setting whose change resets the brush to its start for the new value (the blur type). */
  readonly brushFollows?: string;
  /** The brush's start for these settings (spec section 9: 60 for gaussian, 80 for pixelate). */
  brushDefault(settings: Settings): number;
}

/**
 * A setting value that needs something the user brings, which the editor must hold first: Filters' own
 * look needs a .cube file. `missing` is the warning when it is not there.
 */
export interface ResourceNeed {
  readonly setting: string;
  readonly value: SettingValue;
  readonly resource: 'cube';
  readonly missing: string;
}

export interface EffectDefinition {
  readonly id: string;
  readonly name: string;
  readonly group?: string;
  /** Collage runs on the main thread; every other effect in the worker. */
  readonly runsOn: 'worker' | 'main';
  readonly settings: readonly SettingDefinition[];
  /**
   * Keeps the settings consistent after `changed` took a new value (null: after loading defaults or a
   * link): presets fill in their values, a look brings its vignette and grain, upscaling is forced off
   * above 500 px. Pure; returns the full settings.
   */
  adjust?(settings: Settings, changed: string | null): Record<string, SettingValue>;
  /** Why a setting cannot be changed right now (shown as its tooltip), or null when it can. */
  disabledReason?(name: string, settings: Settings): Shown | null;
  /** The ordered stages for these (already validated) settings, on an input of this size. */
  stages(settings: Settings, input: PhotoInput): StageInvocation[];
  /**
   * How many times the thumbnail's size its thumbnail runs on (1 if not set): more where a stage works
   * from coarse copies of the image that a 160 px photo makes too coarse to look like the full apply.
   */
  readonly thumbnailDetail?: number;
  /** The effect paints on the canvas for some settings. */
  readonly drawing?: DrawingCapability;
  /** Setting values that need a resource the user brings. */
  readonly needs?: readonly ResourceNeed[];
  /** Whose controls the panel shows: the settings (the default), or the collage's own editor. */
  readonly controls?: 'settings' | 'collage';
}
