// The values an effect's settings take: what its definition declares, the worker's messages carry and
// its stages are computed from.

/** A setting's value (the effects' settings are these). */
export type SettingValue = number | string | boolean;
export type EffectSettings = Readonly<Record<string, SettingValue>>;
