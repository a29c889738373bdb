/**
 * What the camera remembers between openings while the app is open: the look, the date stamp toggle and
 * the self-timer. Someone who shoots, edits the shot and comes back for the next one finds the camera as
 * they left it. Kept in memory only: the app stores nothing on the device but its offline copy.
 */
import { DEFAULT_CAMERA_LOOK } from './looks.ts';

export const TIMERS = [0, 3, 10] as const;
export type CameraTimer = (typeof TIMERS)[number];

export interface CameraChoices {
  lookKey: string;
  dated: boolean;
  timer: CameraTimer;
}

const FIRST: CameraChoices = { lookKey: DEFAULT_CAMERA_LOOK, dated: false, timer: 0 };
let remembered: CameraChoices = FIRST;

export function rememberedChoices(): CameraChoices {
  return remembered;
}

export function rememberChoices(choices: CameraChoices): void {
  remembered = { ...choices };
}

/** The next self-timer setting: off, 3 s, 10 s, off. */
export function nextTimer(timer: CameraTimer): CameraTimer {
  return TIMERS[(TIMERS.indexOf(timer) + 1) % TIMERS.length] ?? 0;
}
