/**
 * The frame as the edit holds it and the worker renders it: which one (the testing contract's ids) and
 * its choices (the caption, the film's edge text, frame number and rebate, the border's date), with the
 * checks of each field. The values only: the frames' sizes, layout, text and link form are the frames'
 * own (src/frames).
 */
import * as v from 'valibot';
import { cleanText, codePoints } from '../i18n/user-text.ts';

export const FRAME_IDS = [
  'none',
  'instant-square',
  'instant-mini',
  'instant-wide',
  'film-35mm',
  'film-120',
  'print-border',
] as const;

export type FrameId = (typeof FRAME_IDS)[number];

export function isFrameId(value: unknown): value is FrameId {
  return typeof value === 'string' && (FRAME_IDS as readonly string[]).includes(value);
}

export interface FrameChoice {
  id: FrameId;
  /** Written on an instant print's bottom border (at most MAX_CAPTION characters). */
  caption: string;
  /** The film's edge print: the user's words; the default names no manufacturer. */
  edgeText: string;
  /** The 35 mm frame's number on the edge, 1-36 (the 120 frame's, 1-12). */
  frameNumber: number;
  /** The rebate as a colour negative's orange mask, instead of a slide's black. */
  orangeMask: boolean;
  /** The print border writes the photo's date below it. */
  date: boolean;
  /**
   * How the photo fills a window of another shape (layout.ts): 0 the whole photo in it, nothing cut (the
   * paper shows beside it), 1 the window filled (the photo cut to its shape), in between in proportion.
   */
  fill: number;
  /** Where the photo lies in the window across and down, 0-1: 0.5 centred (the user drags it). */
  placeX: number;
  placeY: number;
}

/** As collage text: 500 characters (code points) at most. */
export const MAX_CAPTION = 500;
export const MAX_EDGE_TEXT = 40;
export const DEFAULT_EDGE_TEXT = 'RETROCAM 400';

export const NO_FRAME: FrameChoice = {
  id: 'none',
  caption: '',
  edgeText: DEFAULT_EDGE_TEXT,
  frameNumber: 12,
  orangeMask: false,
  date: false,
  fill: 0,
  placeX: 0.5,
  placeY: 0.5,
};

/** The frame number on a film's edge: 1-36 (a 35 mm roll's frames). */
export const MAX_FRAME_NUMBER = 36;

/** Text of at most `max` code points. */
const textOfAtMost = (max: number) =>
  v.pipe(
    v.string(),
    v.check((text) => codePoints(text) <= max),
  );

/** The checks of a choice's fields, one per field: the worker's messages, the recipes and the links use them. */
export const FRAME_FIELDS = {
  id: v.picklist(FRAME_IDS),
  caption: textOfAtMost(MAX_CAPTION),
  edgeText: textOfAtMost(MAX_EDGE_TEXT),
  frameNumber: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_FRAME_NUMBER)),
  orangeMask: v.boolean(),
  date: v.boolean(),
  fill: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  placeX: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  placeY: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
};

/** A share (fill, place) from 0 to 1; anything else is `otherwise`. */
function shareOf(value: unknown, otherwise: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : otherwise;
}

/** A whole choice as the worker's messages carry it: every field present and in range. */
export const FRAME_CHOICE_SCHEMA = v.object(FRAME_FIELDS);

/** A choice as the worker's messages carry it: every field present and in range. */
export function isFrameChoice(value: unknown): value is FrameChoice {
  return v.is(FRAME_CHOICE_SCHEMA, value);
}

/** The caption as drawn: the user-text cleaner's, at most MAX_CAPTION code points. */
export function cleanCaption(text: string): string {
  return cleanText(text, MAX_CAPTION);
}

function frameNumberOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return v.is(FRAME_FIELDS.frameNumber, n) ? n : NO_FRAME.frameNumber;
}

/** A choice with every field checked: unknown ids become no frame, bad values their defaults. */
export function checkedChoice(choice: Partial<Record<keyof FrameChoice, unknown>>): FrameChoice {
  return {
    id: isFrameId(choice.id) ? choice.id : 'none',
    caption: typeof choice.caption === 'string' ? cleanCaption(choice.caption) : '',
    // The user may clear it (no edge text); absent, it is the default.
    edgeText:
      typeof choice.edgeText === 'string' ? cleanText(choice.edgeText, MAX_EDGE_TEXT) : DEFAULT_EDGE_TEXT,
    frameNumber: frameNumberOf(choice.frameNumber),
    orangeMask: choice.orangeMask === true,
    date: choice.date === true,
    fill: shareOf(choice.fill, NO_FRAME.fill),
    placeX: shareOf(choice.placeX, NO_FRAME.placeX),
    placeY: shareOf(choice.placeY, NO_FRAME.placeY),
  };
}

export const FRAME_LINK_PARAMS = [
  'frame',
  'frameCaption',
  'frameEdge',
  'frameNo',
  'frameMask',
  'frameDate',
  'frameFill',
  'frameAt',
] as const;

/** The frame a look link asks for (`frame=film-35mm&frameEdge=...`); no frame when it names none or an unknown one. */
export function parseFrameParams(params: URLSearchParams): FrameChoice {
  const id = params.get('frame');
  if (!isFrameId(id) || id === 'none') return NO_FRAME;
  return checkedChoice({
    id,
    caption: params.get('frameCaption') ?? '',
    edgeText: params.get('frameEdge') ?? undefined,
    frameNumber: params.get('frameNo') ?? undefined,
    orangeMask: params.get('frameMask') === 'orange',
    date: params.get('frameDate') === '1',
    fill: params.get('frameFill') ?? undefined,
    placeX: params.get('frameAt')?.split(',')[0],
    placeY: params.get('frameAt')?.split(',')[1],
  });
}

/** Writes the frame into `params` (replacing any there); only what differs from the defaults. */
export function writeFrameParams(params: URLSearchParams, choice: FrameChoice): void {
  for (const key of FRAME_LINK_PARAMS) params.delete(key);
  if (choice.id === 'none') return;
  params.set('frame', choice.id);
  if (choice.caption) params.set('frameCaption', choice.caption);
  if (choice.edgeText !== DEFAULT_EDGE_TEXT) params.set('frameEdge', choice.edgeText);
  if (choice.frameNumber !== NO_FRAME.frameNumber) params.set('frameNo', String(choice.frameNumber));
  if (choice.orangeMask) params.set('frameMask', 'orange');
  if (choice.date) params.set('frameDate', '1');
  if (choice.fill !== NO_FRAME.fill) params.set('frameFill', String(round3(choice.fill)));
  if (choice.placeX !== NO_FRAME.placeX || choice.placeY !== NO_FRAME.placeY)
    params.set('frameAt', `${round3(choice.placeX)},${round3(choice.placeY)}`);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
