import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { CUSTOM_LUT, lutKey } from '../grading/look-names.ts';
import { LOOKS } from '../grading/looks/index.ts';
import { numberSetting, relativePixels, stringSetting } from './settings.ts';
import { lookThumbnailKey } from './thumbnail-keys.ts';
import { amountSetting } from './artefacts.ts';
import type { EffectDefinition, ImageSize, SettingValue, Settings } from './types.ts';

const LOOK_OPTIONS = [
  ...LOOKS.map((look) => ({ value: look.name, label: look.label })),
  { value: CUSTOM_LUT, label: 'Your .cube file' },
];

export const DEFAULT_VIGNETTE = 1;
export const DEFAULT_GRAIN = 0.35;

/** Spec section 3: these looks come without vignette, these without vignette and grain. */
const NO_VIGNETTE = new Set(['bleach_bypass', 'stressor']);
const NO_VIGNETTE_NO_GRAIN = new Set(['b&w_clamped', 'desat', 'hsv_desat']);

/** The vignette strength and grain amount a look brings when it is chosen. */
export function lookDefaults(name: string): { vignetteStrength: number; grainAmount: number } {
  if (NO_VIGNETTE_NO_GRAIN.has(name)) return { vignetteStrength: 0, grainAmount: 0 };
  if (NO_VIGNETTE.has(name)) return { vignetteStrength: 0, grainAmount: DEFAULT_GRAIN };
  return { vignetteStrength: DEFAULT_VIGNETTE, grainAmount: DEFAULT_GRAIN };
}

const GRAIN_SEED = 2016;

/** The look's grain: the spec's even grain, or grain that follows a tone curve (film or digital). */
function grainStages(settings: Settings, input: ImageSize): StageInvocation[] {
  const grain = numberSetting(settings, 'grainAmount');
  if (grain <= 0) return [];
  const tone = stringSetting(settings, 'grainTone');
  if (tone === 'even') {
    return [
      {
        stage: 'grain',
        params: { amount: 0.16 * grain, size: Math.max(1, relativePixels(1.4, input)), seed: GRAIN_SEED },
      },
    ];
  }
  const film = tone === 'film';
  // Film grain is mostly luminance (its dye clouds are near-neutral); a sensor's is coloured.
  return [
    {
      stage: 'tonal-grain',
      params: {
        amount: (film ? 0.2 : 0.16) * grain,
        chroma: (film ? 0.02 : 0.16) * grain,
        size: 1.4 / 1080,
        seed: GRAIN_SEED,
        curve: film ? 0 : 1,
      },
    },
  ];
}

/**
 * Filters: a film-print colour grade (a 3D LUT), halation, a vignette, a light leak, grain, then dust and
 * scratches on the print.
 */
export const pg2016Effect: EffectDefinition = {
  id: 'pg2016',
  name: 'Filters',
  runsOn: 'worker',
  // 'Your .cube file' is a look only once the user has loaded one.
  needs: [
    { setting: 'filterName', value: CUSTOM_LUT, resource: 'cube', missing: 'Load a .cube file first.' },
  ],
  settings: [
    {
      kind: 'select',
      name: 'filterName',
      label: 'Look',
      options: LOOK_OPTIONS,
      default: 'nashville',
      preview: (value) => (value === CUSTOM_LUT ? null : lookThumbnailKey(value)),
    },
    {
      kind: 'select',
      name: 'lutName',
      label: 'LUT',
      hidden: true,
      options: LOOK_OPTIONS,
      default: 'nashville',
    },
    { kind: 'range', name: 'intensity', label: 'Intensity', min: 0, max: 1, step: 0.01, default: 1 },
    {
      kind: 'range',
      name: 'vignetteStrength',
      label: 'Vignette',
      min: 0,
      max: 1,
      step: 0.01,
      default: DEFAULT_VIGNETTE,
    },
    {
      kind: 'range',
      name: 'grainAmount',
      label: 'Grain',
      min: 0,
      max: 0.5,
      step: 0.01,
      default: DEFAULT_GRAIN,
    },
    {
      kind: 'select',
      name: 'grainTone',
      label: 'Grain type',
      // 'even' is the spec's grain; the others follow a tone curve.
      options: [
        { value: 'even', label: 'Even' },
        { value: 'film', label: 'Film (mid-tones)' },
        { value: 'digital', label: 'Digital (shadows, colour)' },
      ],
      default: 'even',
      shownWhen: (settings) => Number(settings.grainAmount) > 0,
    },
    // Off by default: the looks are the spec's grades; these are a print's accidents, added by choice.
    amountSetting('halation', 'Halation', 0),
    amountSetting('lightLeak', 'Light leak', 0),
    amountSetting('dust', 'Dust and scratches', 0),
    {
      kind: 'range',
      name: 'artefactSeed',
      label: 'Leak and dust pattern',
      min: 1,
      max: 99,
      step: 1,
      default: 1,
      cyclic: true,
      shownWhen: (settings) => Number(settings.lightLeak) > 0 || Number(settings.dust) > 0,
    },
  ],
  adjust(settings: Settings, changed: string | null) {
    const next: Record<string, SettingValue> = { ...settings, lutName: settings.filterName ?? 'nashville' };
    if (changed === 'filterName') Object.assign(next, lookDefaults(stringSetting(settings, 'filterName')));
    return next;
  },
  stages(settings, input) {
    const stages: StageInvocation[] = [];
    const intensity = numberSetting(settings, 'intensity');
    if (intensity > 0) {
      stages.push({
        stage: 'lut',
        params: { intensity },
        textures: { lut: lutKey(stringSetting(settings, 'lutName')) },
      });
    }
    const halation = numberSetting(settings, 'halation');
    if (halation > 0) {
      stages.push({ stage: 'halation', params: { amount: halation, radius: 0.008, threshold: 0.8 } });
    }
    const vignette = numberSetting(settings, 'vignetteStrength');
    if (vignette > 0) {
      stages.push({
        stage: 'vignette',
        params: { amount: 0.55 * vignette, size: 0.45, softness: 0.55, color: [0, 0, 0] },
      });
    }
    const seed = numberSetting(settings, 'artefactSeed');
    const leak = numberSetting(settings, 'lightLeak');
    if (leak > 0) stages.push({ stage: 'light-leak', params: { amount: leak, seed } });
    stages.push(...grainStages(settings, input));
    const dust = numberSetting(settings, 'dust');
    if (dust > 0) stages.push({ stage: 'dust-scratches', params: { amount: dust, seed } });
    return stages;
  },
};
