import { isCalendarDay } from '../metadata/calendar-day.ts';
import type { EffectDefinition, SettingDefinition, SettingValue, Settings } from './types.ts';

export function defaultSettings(effect: EffectDefinition): Record<string, SettingValue> {
  const defaults = Object.fromEntries(effect.settings.map((s) => [s.name, s.default]));
  return effect.adjust ? effect.adjust(defaults, null) : defaults;
}

function decimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A value for a setting from user input or a URL, or `undefined` when it cannot be one (non-numeric text,
 * an unknown option, a malformed colour): callers then keep the previous value. Numbers are clamped to the
 * range and snapped to the step.
 */
export function coerceSetting(definition: SettingDefinition, raw: unknown): SettingValue | undefined {
  switch (definition.kind) {
    case 'range': {
      const value =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      // Not a number: refused. Too large for a number ('1e309' is Infinity): clamped like any other.
      if (Number.isNaN(value)) return undefined;
      const { min, max, step } = definition;
      const steps = Math.round((Math.min(max, Math.max(min, value)) - min) / step);
      if (definition.cyclic && Number.isFinite(value)) {
        // Past the last value comes the first again: the values are a ring of (max - min) / step + 1.
        const count = Math.round((max - min) / step) + 1;
        const index = ((Math.round((value - min) / step) % count) + count) % count;
        return Number((min + index * step).toFixed(decimals(step)));
      }
      return Number(Math.min(max, min + steps * step).toFixed(decimals(step)));
    }
    case 'select': {
      const value = String(raw);
      return definition.options.some((o) => o.value === value) ? value : undefined;
    }
    case 'toggle': {
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      return undefined;
    }
    case 'color': {
      const value = String(raw).trim().toLowerCase();
      const hex = value.startsWith('#') ? value : `#${value}`;
      return /^#[0-9a-f]{6}$/.test(hex) ? hex : undefined;
    }
    case 'date': {
      const value = String(raw).trim();
      return value === '' || isCalendarDay(value) ? value : undefined;
    }
  }
}

/** Every setting of the effect: the given valid values, the defaults for the rest, then made consistent. */
export function resolveSettings(effect: EffectDefinition, given: Settings): Record<string, SettingValue> {
  const result: Record<string, SettingValue> = Object.fromEntries(
    effect.settings.map((s) => [s.name, s.default]),
  );
  for (const definition of effect.settings) {
    if (!(definition.name in given)) continue;
    const value = coerceSetting(definition, given[definition.name]);
    if (value !== undefined) result[definition.name] = value;
  }
  return effect.adjust ? effect.adjust(result, null) : result;
}

/** Sets one setting (coerced) and lets the effect keep the rest consistent; null when the value is refused. */
export function withSetting(
  effect: EffectDefinition,
  settings: Settings,
  name: string,
  raw: unknown,
): Record<string, SettingValue> | null {
  const definition = effect.settings.find((s) => s.name === name);
  if (!definition) return null;
  const value = coerceSetting(definition, raw);
  if (value === undefined) return null;
  const next = { ...settings, [name]: value };
  return effect.adjust ? effect.adjust(next, name) : next;
}

export function numberSetting(settings: Settings, name: string): number {
  const value = settings[name];
  if (typeof value !== 'number') throw new Error(`Setting ${name} is not a number`);
  return value;
}

export function booleanSetting(settings: Settings, name: string): boolean {
  const value = settings[name];
  if (typeof value !== 'boolean') throw new Error(`Setting ${name} is not a toggle`);
  return value;
}

export function stringSetting(settings: Settings, name: string): string {
  const value = settings[name];
  if (typeof value !== 'string') throw new Error(`Setting ${name} is not text`);
  return value;
}

/** `#rrggbb` as linear-free 0..1 RGB (the shaders blend in the image's own encoding). */
export function colorSetting(settings: Settings, name: string): [number, number, number] {
  const hex = stringSetting(settings, name);
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/**
 * Sizes in the effects (blur sigma, pixel size, grain size, bloom radius) are given for an image whose
 * long side is 1080 px (the processing size) and scale with the image, so a look holds at any resolution.
 */
export const REFERENCE_LONG_SIDE = 1080;

export function relativePixels(value: number, input: { width: number; height: number }): number {
  return (value * Math.max(input.width, input.height)) / REFERENCE_LONG_SIDE;
}
