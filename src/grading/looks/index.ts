/**
 * The looks of the Filters effect (pg2016): each a colour grade authored as plain code, baked into a LUT
 * atlas (src/grading/lut-atlas.ts) for the `lut` stage.
 */
import { LOOK_NAMES, type LookName } from '../look-names.ts';
import { bakeGrade, type Grade, type LutAtlas } from '../lut-atlas.ts';
import {
  blackAndWhiteClampedGrade,
  blackAndWhiteGrade,
  bleachBypassGrade,
  desatGrade,
  hsvDesatGrade,
  sepiaGrade,
} from './classic.ts';
import { laptopGrade, nokiaGrade } from './devices.ts';
import {
  calvinGrade,
  coloredVignetteGrade,
  look2014Grade,
  moneyGrade,
  nashvilleGrade,
  pandoraGrade,
} from './instagram.ts';
import { chiefKeefGrade, nukeGrade, phreshboyGrade, stressorGrade } from './video.ts';

export interface Look {
  /** The name as the spec's filterName / lutName values spell it. */
  readonly name: LookName;
  readonly label: string;
  readonly grade: Grade;
}

export { LOOK_NAMES, type LookName };

const DEFINITIONS: Record<LookName, { label: string; grade: Grade }> = {
  nashville: { label: 'Nashville', grade: nashvilleGrade },
  chief_keef: { label: 'Chief Keef', grade: chiefKeefGrade },
  nuke: { label: 'Nuke', grade: nukeGrade },
  phreshboy: { label: 'Phreshboy', grade: phreshboyGrade },
  sepia: { label: 'Sepia', grade: sepiaGrade },
  '2014': { label: '2014', grade: look2014Grade },
  $$$: { label: '$$$', grade: moneyGrade },
  pandora: { label: 'Pandora', grade: pandoraGrade },
  bleach_bypass: { label: 'Bleach bypass', grade: bleachBypassGrade },
  stressor: { label: 'Stressor', grade: stressorGrade },
  'b&w': { label: 'B&W', grade: blackAndWhiteGrade },
  'b&w_clamped': { label: 'B&W clamped', grade: blackAndWhiteClampedGrade },
  desat: { label: 'Desat', grade: desatGrade },
  hsv_desat: { label: 'HSV desat', grade: hsvDesatGrade },
  nokia: { label: 'Nokia', grade: nokiaGrade },
  laptop: { label: 'Laptop', grade: laptopGrade },
  coloredvignette: { label: 'Colored vignette', grade: coloredVignetteGrade },
  calvin: { label: 'Calvin', grade: calvinGrade },
};

export const LOOKS: readonly Look[] = LOOK_NAMES.map((name) => ({ name, ...DEFINITIONS[name] }));

export function isLookName(name: string): name is LookName {
  return Object.hasOwn(DEFINITIONS, name);
}

/** The look's LUT as an RGBA8 atlas of size N (33 by default: a fine lattice for smooth grades). */
export function bakeLook(name: string, size = 33): LutAtlas {
  if (!isLookName(name)) throw new Error(`Unknown look: ${name}`);
  return bakeGrade(DEFINITIONS[name].grade, size);
}
