/**
 * What a frame writes in its text band: the caption (handwriting), the film's edge print (a condensed
 * face: the user's edge text, the frame number, the arrow), the border's date. Pure; the worker draws it
 * (src/engine/worker/frame-text.ts).
 */
import type { FrameChoice } from '../../edit/frame.ts';
import { frameSpec } from './frames.ts';

export type TextFace = 'handwriting' | 'condensed';

export interface TextRun {
  text: string;
  /** Where the run is anchored, as a fraction of the band's width. */
  at: number;
  align: 'left' | 'center' | 'right';
}

export interface FrameText {
  face: TextFace;
  runs: TextRun[];
  /** The runs may wrap onto several lines (a caption), else each is one line. */
  wrap: boolean;
  /** The text's height as a fraction of the band's (the largest, for a caption that must shrink). */
  size: number;
}

/** The photo's date (YYYY-MM-DD) as a print's back-stamp writes it. */
export function printedDate(taken: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(taken);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : taken;
}

/** The text of `choice`'s frame; null when it writes nothing (a caption of only spaces, no date). */
export function frameText(choice: FrameChoice, taken: string): FrameText | null {
  const spec = choice.id === 'none' ? null : frameSpec(choice.id);
  if (!spec) return null;
  switch (spec.id) {
    case 'instant-square':
    case 'instant-mini':
    case 'instant-wide': {
      const caption = choice.caption.trim();
      if (!caption) return null;
      return {
        face: 'handwriting',
        runs: [{ text: caption, at: 0.5, align: 'center' }],
        wrap: true,
        size: 0.42,
      };
    }
    case 'film-35mm': {
      const n = String(choice.frameNumber);
      return {
        face: 'condensed',
        runs: [
          { text: choice.edgeText, at: 0.05, align: 'left' },
          { text: n, at: 0.45, align: 'center' },
          { text: `\u25B6 ${n}A`, at: 0.66, align: 'center' },
        ],
        wrap: false,
        size: 0.8,
      };
    }
    case 'film-120':
      return {
        face: 'condensed',
        runs: [
          { text: choice.edgeText, at: 0.08, align: 'left' },
          { text: String(Math.min(12, choice.frameNumber)), at: 0.5, align: 'center' },
          { text: '\u25B6', at: 0.7, align: 'center' },
        ],
        wrap: false,
        size: 0.8,
      };
    case 'print-border':
      return choice.date
        ? {
            face: 'condensed',
            runs: [{ text: printedDate(taken), at: 1, align: 'right' }],
            wrap: false,
            size: 0.6,
          }
        : null;
  }
}
