/**
 * The real-camera artefacts the camera effects and Filters offer, as settings and the stages
 * they add. Each amount is 0..1 in the UI; the stage strengths and sizes here were chosen by looking at
 * kodim03, kodim05, kodim23 and a 12 MP night photo at the processing size.
 */
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { numberSetting } from './settings.ts';
import type { RangeSetting, Settings } from './types.ts';

/** A 0..1 amount slider. */
export function amountSetting(name: string, label: string, value: number): RangeSetting {
  return { kind: 'range', name, label, min: 0, max: 1, step: 0.01, default: value };
}

/** A stage for a setting's amount, or none at 0 (a stage at 0 is the identity, but costs its passes). */
function when(amount: number, invocation: StageInvocation): StageInvocation[] {
  return amount > 0 ? [invocation] : [];
}

/**
 * A phone or webcam sensor's noise: coarse colour grain strongest in the shadows (a digital sensor's),
 * its grains about one pixel of the camera's own resolution (`cameraLongSide`).
 */
export function colorGrainStages(
  settings: Settings,
  name: string,
  cameraLongSide: number,
  seed: number,
): StageInvocation[] {
  const amount = numberSetting(settings, name);
  return when(amount, {
    stage: 'tonal-grain',
    params: { amount: 0.07 * amount, chroma: 0.1 * amount, size: 1.2 / cameraLongSide, seed, curve: 1 },
  });
}

/** A fixed-focus lens: the corners go soft. */
export function softCornerStages(settings: Settings, name: string): StageInvocation[] {
  const amount = numberSetting(settings, name);
  return when(amount, { stage: 'soft-corners', params: { amount, radius: 0.0045 } });
}

/** A cheap phone lens's purple cast towards the edges (a tinted vignette). */
export function purpleEdgeStages(strength: number): StageInvocation[] {
  return when(strength, {
    stage: 'vignette',
    params: { amount: strength, size: 0.5, softness: 0.6, color: [0.82, 0.68, 1] },
  });
}

/** A CCD compact's sensor: smear through clipped lights, then purple fringes at their edges. */
export function ccdSensorStages(settings: Settings): StageInvocation[] {
  return [
    ...when(numberSetting(settings, 'ccd_smear'), {
      stage: 'smear',
      params: { amount: numberSetting(settings, 'ccd_smear') },
    }),
    ...when(numberSetting(settings, 'ccd_fringing'), {
      stage: 'fringing',
      params: { amount: numberSetting(settings, 'ccd_fringing'), radius: 0.003 },
    }),
  ];
}
