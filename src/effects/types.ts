/**
 * An effect is one declarative, worker-safe definition read by both the UI (its settings and ranges) and
 * the worker (the stages it runs).
 */
import type { StageInvocation } from '../engine/stages/types.ts';

export type SettingValue = number | string | boolean;
export type Settings = Readonly<Record<string, SettingValue>>;

interface SettingBase {
  /** The setting's name exactly as the product spec writes it (`jpeg_quality`, `vibrance`, ...). */
  readonly name: string;
  readonly label: string;
}

export interface RangeSetting extends SettingBase {
  readonly kind: 'range';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

export interface SelectSetting extends SettingBase {
  readonly kind: 'select';
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly default: string;
}

export interface ToggleSetting extends SettingBase {
  readonly kind: 'toggle';
  readonly default: boolean;
}

export type SettingDefinition = RangeSetting | SelectSetting | ToggleSetting;

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

export interface EffectDefinition {
  readonly id: string;
  readonly name: string;
  readonly group?: string;
  /** Collage runs on the main thread; every other effect in the worker. */
  readonly runsOn: 'worker' | 'main';
  readonly settings: readonly SettingDefinition[];
  /** The ordered stages for these (already validated) settings, on an input of this size. */
  stages(settings: Settings, input: ImageSize): StageInvocation[];
}
