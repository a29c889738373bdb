/**
 * The user's frame: which one, and its choices (the caption, the film's edge text, frame number and
 * rebate, the border's date). Pure: its checks, and its form in a look link (`frame=`); its recipe form is
 * in recipe-frame.ts.
 */
import * as v from 'valibot';
import {
  DEFAULT_EDGE_TEXT,
  FRAME_CHOICE_SCHEMA,
  FRAME_FIELDS,
  isFrameChoice,
  MAX_CAPTION,
  MAX_EDGE_TEXT,
  MAX_FRAME_NUMBER,
  NO_FRAME,
  type FrameChoice,
} from '../../edit/frame.ts';
import { cleanText } from '../../i18n/user-text.ts';
import { isFrameId } from './frames.ts';

export {
  DEFAULT_EDGE_TEXT,
  FRAME_CHOICE_SCHEMA,
  FRAME_FIELDS,
  isFrameChoice,
  MAX_CAPTION,
  MAX_EDGE_TEXT,
  MAX_FRAME_NUMBER,
  NO_FRAME,
  type FrameChoice,
};

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
  };
}

export const FRAME_LINK_PARAMS = [
  'frame',
  'frameCaption',
  'frameEdge',
  'frameNo',
  'frameMask',
  'frameDate',
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
}
