/**
 * The frame's text (a caption, the film's edge print, the border's date) drawn in the worker on a small
 * canvas, at the print's resolution within a texture's limits, as a coverage mask the frame stage lays
 * over the print in the ink's colour. The faces are self-hosted (OFL, @fontsource): a handwriting face
 * for captions, a condensed one for the edge print; characters they lack (Arabic, Hebrew, CJK, emoji)
 * fall back glyph by glyph to the system's fonts, as any canvas text does, and an emoji no font has is
 * left out rather than drawn as a box.
 */
import type { FrameText } from '../../frames/model/text.ts';

/** A text texture's longest side and most pixels: within iOS's texture side, far below its canvas limit. */
export const TEXT_SIDE = 4096;
export const TEXT_PIXELS = 4 * 1024 * 1024;

const FAMILY = { handwriting: 'RetroCam Caption', condensed: 'RetroCam Edge' } as const;
const FALLBACK = { handwriting: 'cursive, sans-serif', condensed: '"Arial Narrow", sans-serif' } as const;
/** The latin-ext subsets cover what the latin ones do not; each face is fetched only when first used. */
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

let loading: Promise<void> | null = null;

/** Loads the frame's faces into the worker (once); where the worker has no FontFace, the fallbacks draw. */
export function loadFrameFonts(): Promise<void> {
  loading ??= (async () => {
    // A worker's fonts (a page's, where the text is drawn on the page, as in the tests).
    const scope = globalThis as unknown as { fonts?: FontFaceSet; document?: { fonts?: FontFaceSet } };
    const fonts = scope.fonts ?? scope.document?.fonts;
    if (!fonts || typeof FontFace === 'undefined') return;
    const { yomogiLatin, yomogiLatinExt, antonLatin, antonLatinExt } = (await import('./frame-fonts.ts'))
      .FRAME_FONT_FILES;
    const faces = [
      new FontFace(FAMILY.handwriting, `url(${yomogiLatin})`),
      new FontFace(FAMILY.handwriting, `url(${yomogiLatinExt})`, { unicodeRange: LATIN_EXT }),
      new FontFace(FAMILY.condensed, `url(${antonLatin})`),
      new FontFace(FAMILY.condensed, `url(${antonLatinExt})`, { unicodeRange: LATIN_EXT }),
    ];
    await Promise.all(
      faces.map(async (face) => {
        try {
          fonts.add(await face.load());
        } catch {
          // A face that does not load leaves its fallback to draw.
        }
      }),
    );
  })();
  return loading;
}

/** Whether the text's first strong character is right-to-left (Hebrew, Arabic and their kin). */
export function isRightToLeft(text: string): boolean {
  const strong =
    /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]|\p{L}/u.exec(text);
  return (
    strong !== null &&
    /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(strong[0])
  );
}

/** A character no font draws (the private use area): its picture is the missing-glyph box. */
const NO_GLYPH = '\uE000';
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Whether each emoji character has a glyph in a face (and its fallbacks), as measured by drawing it. */
const drawable = new Map<string, boolean>();

function picture(context: OffscreenCanvasRenderingContext2D, text: string): Uint8ClampedArray {
  context.clearRect(0, 0, 64, 48);
  context.fillText(text, 8, 24);
  return context.getImageData(0, 0, 64, 48).data;
}

/** Whether `point` is drawn in `family` as a glyph of its own, not as the missing-glyph box. */
function hasGlyph(point: string, family: string): boolean {
  const key = `${family}\u0000${point}`;
  let known = drawable.get(key);
  if (known === undefined) {
    const context = new OffscreenCanvas(64, 48).getContext('2d', { willReadFrequently: true });
    if (!context) return true;
    context.font = `32px ${family}`;
    context.textBaseline = 'middle';
    context.fillStyle = '#fff';
    const box = picture(context, NO_GLYPH);
    const drawn = picture(context, point);
    known = drawn.some((value, i) => value !== box[i]);
    drawable.set(key, known);
  }
  return known;
}

/**
 * `text` without the emoji the faces cannot draw: an emoji (with its joiners, skin tones and variation
 * selectors) is kept whole where each of its pictographs has a glyph, and dropped whole otherwise, the
 * spaces around it closed up, so a print never shows a missing-glyph box for one.
 */
export function drawableText(text: string, family: string): string {
  if (!PICTOGRAPHIC.test(text)) return text;
  const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter() : null;
  const clusters = segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
  let dropped = false;
  const kept = clusters.filter((cluster) => {
    const points = Array.from(cluster).filter((point) => PICTOGRAPHIC.test(point));
    const keep = points.every((point) => hasGlyph(point, family));
    if (!keep) dropped = true;
    return keep;
  });
  return dropped
    ? kept
        .join('')
        .replace(/\s{2,}/gu, ' ')
        .trim()
    : text;
}

/** Words, and text without spaces (CJK) a character at a time, in lines no wider than `width`. */
function wrap(context: OffscreenCanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (token: string) => {
    const next = line + token;
    if (!line || context.measureText(next).width <= width) {
      line = next;
      return;
    }
    lines.push(line.trimEnd());
    line = token.trimStart();
  };
  for (const word of text.split(/(?<=\s)/u)) {
    if (context.measureText(word).width <= width) push(word);
    else for (const ch of Array.from(word)) push(ch);
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The size a text texture for a band of `box` print pixels gets. */
export function textTextureSize(box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(
    1,
    TEXT_SIDE / box.width,
    TEXT_SIDE / box.height,
    Math.sqrt(TEXT_PIXELS / (box.width * box.height)),
  );
  return {
    width: Math.max(1, Math.round(box.width * scale)),
    height: Math.max(1, Math.round(box.height * scale)),
  };
}

/** The text as coverage (white, its alpha the ink's) over a band of `box` print pixels. */
export async function drawFrameText(
  text: FrameText,
  box: { width: number; height: number },
): Promise<ImageData> {
  await loadFrameFonts();
  const { width, height } = textTextureSize(box);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.fillStyle = '#fff';
  context.textBaseline = 'middle';
  const family = `"${FAMILY[text.face]}", ${FALLBACK[text.face]}`;
  const font = (size: number) => `${Math.max(1, size).toFixed(2)}px ${family}`;
  const runs = text.runs
    .map((run) => ({ ...run, text: drawableText(run.text, family) }))
    .filter((run) => run.text.trim() !== '');
  if (!text.wrap) {
    context.font = font(text.size * height);
    for (const run of runs) {
      context.direction = isRightToLeft(run.text) ? 'rtl' : 'ltr';
      context.textAlign = run.align;
      context.fillText(run.text, run.at * width, height / 2);
    }
  } else {
    // The largest size whose lines fit the band; below the smallest, the lines are clipped to it.
    const run = runs[0];
    if (run) {
      context.direction = isRightToLeft(run.text) ? 'rtl' : 'ltr';
      context.textAlign = 'center';
      let size = text.size * height;
      let lines: string[] = [];
      for (; size >= 0.12 * height; size *= 0.9) {
        context.font = font(size);
        lines = wrap(context, run.text, 0.96 * width);
        if (lines.length * size * 1.15 <= height) break;
      }
      context.font = font(size);
      const lineHeight = size * 1.15;
      const top = Math.max(lineHeight / 2, height / 2 - ((lines.length - 1) * lineHeight) / 2);
      lines.forEach((line, i) => context.fillText(line, run.at * width, top + i * lineHeight));
    }
  }
  return context.getImageData(0, 0, width, height);
}
