import type { SettingDefinition } from '../../effects/types.ts';
import { COLLAGE_FONTS } from '../model/fonts.ts';
import {
  IMAGE_BORDER_RANGE,
  MAX_SLOT_ZOOM,
  TEXT_SIZE_RANGE,
  TEXT_STROKE_WIDTH_RANGE,
} from '../model/slot-layout.ts';
import { msg } from '../../i18n/msg.ts';

// The collage's controls as setting definitions, so they clamp, step and debounce like every other.
export const CONTROLS = {
  backgroundColor: {
    kind: 'color',
    name: 'backgroundColor',
    label: msg('Background colour'),
    default: '#000000',
  },
  fontFamily: {
    kind: 'select',
    name: 'fontFamily',
    label: msg('Font'),
    options: COLLAGE_FONTS.map((font) => ({ value: font, label: font })),
    default: 'Arial',
  },
  fontSize: { kind: 'range', name: 'fontSize', label: msg('Text size'), ...TEXT_SIZE_RANGE, default: 24 },
  fill: { kind: 'color', name: 'fill', label: msg('Text colour'), default: '#ffffff' },
  strokeEnabled: { kind: 'toggle', name: 'strokeEnabled', label: msg('Outline'), default: true },
  stroke: { kind: 'color', name: 'stroke', label: msg('Outline colour'), default: '#000000' },
  strokeWidth: {
    kind: 'range',
    name: 'strokeWidth',
    label: msg('Outline width'),
    ...TEXT_STROKE_WIDTH_RANGE,
    default: 1,
  },
  imageBorderWidth: {
    kind: 'range',
    name: 'imageBorderWidth',
    label: msg('Border width'),
    ...IMAGE_BORDER_RANGE,
    default: 0,
  },
  imageBorderColor: {
    kind: 'color',
    name: 'imageBorderColor',
    label: msg('Border colour'),
    default: '#ffffff',
  },
  slotZoom: {
    kind: 'range',
    name: 'slotZoom',
    label: msg('Zoom'),
    min: 1,
    max: MAX_SLOT_ZOOM,
    step: 0.05,
    default: 1,
  },
} as const satisfies Record<string, SettingDefinition>;
