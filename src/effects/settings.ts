import type { EffectDefinition, SettingDefinition, SettingValue, Settings } from './types.ts';

export function defaultSettings(effect: EffectDefinition): Record<string, SettingValue> {
  return Object.fromEntries(effect.settings.map((s) => [s.name, s.default]));
}

function decimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A value for a setting from user input or a URL, or `undefined` when it cannot be one (non-numeric text,
 * an unknown option): callers then keep the previous value. Numbers are clamped to the range and snapped
 * to the step.
 */
export function coerceSetting(definition: SettingDefinition, raw: unknown): SettingValue | undefined {
  switch (definition.kind) {
    case 'range': {
      const value =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      if (!Number.isFinite(value)) return undefined;
      const clamped = Math.min(definition.max, Math.max(definition.min, value));
      const steps = Math.round((clamped - definition.min) / definition.step);
      const snapped = definition.min + steps * definition.step;
      return Number(Math.min(definition.max, snapped).toFixed(decimals(definition.step)));
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
  }
}

/** Every setting of the effect: the given valid values, the defaults for the rest. */
export function resolveSettings(effect: EffectDefinition, given: Settings): Record<string, SettingValue> {
  const result = defaultSettings(effect);
  for (const definition of effect.settings) {
    if (!(definition.name in given)) continue;
    const value = coerceSetting(definition, given[definition.name]);
    if (value !== undefined) result[definition.name] = value;
  }
  return result;
}

export function numberSetting(settings: Settings, name: string): number {
  const value = settings[name];
  if (typeof value !== 'number') throw new Error(`Setting ${name} is not a number`);
  return value;
}
