/**
 * Bakes the LUT an effect names (`lut:<name>`): a Filters look or a device's sensor colour. The worker
 * calls this once per name and keeps the texture.
 */
import type { LutAtlas } from './lut-atlas.ts';
import { bakeLook, isLookName } from './looks/index.ts';
import { SENSOR_GRADES } from './looks/sensors.ts';
import { bakeGrade } from './lut-atlas.ts';

export const LUT_SIZE = 33;

export function bakeLut(name: string): LutAtlas | null {
  if (isLookName(name)) return bakeLook(name, LUT_SIZE);
  const sensor = SENSOR_GRADES[name];
  return sensor ? bakeGrade(sensor, LUT_SIZE) : null;
}
