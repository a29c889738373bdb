/**
 * The collage fonts, served from our own origin. Each is registered under the name the user picks: the
 * machine's own font where it has it (local()), else a bundled stand-in (metric-compatible Arimo, Tinos,
 * Cousine and Comic Relief; Anton, which looks like Impact), and the web fonts themselves. The files are
 * fetched only when a text first uses them.
 */
import anton400 from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import arimo400 from '@fontsource/arimo/files/arimo-latin-400-normal.woff2?url';
import arimo400i from '@fontsource/arimo/files/arimo-latin-400-italic.woff2?url';
import arimo700 from '@fontsource/arimo/files/arimo-latin-700-normal.woff2?url';
import arimo700i from '@fontsource/arimo/files/arimo-latin-700-italic.woff2?url';
import comic400 from '@fontsource/comic-relief/files/comic-relief-latin-400-normal.woff2?url';
import comic700 from '@fontsource/comic-relief/files/comic-relief-latin-700-normal.woff2?url';
import cousine400 from '@fontsource/cousine/files/cousine-latin-400-normal.woff2?url';
import cousine400i from '@fontsource/cousine/files/cousine-latin-400-italic.woff2?url';
import cousine700 from '@fontsource/cousine/files/cousine-latin-700-normal.woff2?url';
import cousine700i from '@fontsource/cousine/files/cousine-latin-700-italic.woff2?url';
import creepster400 from '@fontsource/creepster/files/creepster-latin-400-normal.woff2?url';
import specialElite400 from '@fontsource/special-elite/files/special-elite-latin-400-normal.woff2?url';
import tinos400 from '@fontsource/tinos/files/tinos-latin-400-normal.woff2?url';
import tinos400i from '@fontsource/tinos/files/tinos-latin-400-italic.woff2?url';
import tinos700 from '@fontsource/tinos/files/tinos-latin-700-normal.woff2?url';
import tinos700i from '@fontsource/tinos/files/tinos-latin-700-italic.woff2?url';
import yomogi400 from '@fontsource/yomogi/files/yomogi-latin-400-normal.woff2?url';
import type { CollageFont } from '../../model/fonts.ts';

interface Face {
  weight: '400' | '700';
  style: 'normal' | 'italic';
  /** Full names of the system font, tried first. */
  local: string[];
  url: string;
}

const regular = (url: string, ...local: string[]): Face => ({ weight: '400', style: 'normal', local, url });
const bold = (url: string, ...local: string[]): Face => ({ weight: '700', style: 'normal', local, url });
const italic = (url: string, ...local: string[]): Face => ({ weight: '400', style: 'italic', local, url });
const boldItalic = (url: string, ...local: string[]): Face => ({
  weight: '700',
  style: 'italic',
  local,
  url,
});

const FACES: Record<CollageFont, Face[]> = {
  Arial: [
    regular(arimo400, 'Arial', 'ArialMT'),
    bold(arimo700, 'Arial Bold', 'Arial-BoldMT'),
    italic(arimo400i, 'Arial Italic', 'Arial-ItalicMT'),
    boldItalic(arimo700i, 'Arial Bold Italic', 'Arial-BoldItalicMT'),
  ],
  'Times New Roman': [
    regular(tinos400, 'Times New Roman', 'TimesNewRomanPSMT'),
    bold(tinos700, 'Times New Roman Bold', 'TimesNewRomanPS-BoldMT'),
    italic(tinos400i, 'Times New Roman Italic', 'TimesNewRomanPS-ItalicMT'),
    boldItalic(tinos700i, 'Times New Roman Bold Italic', 'TimesNewRomanPS-BoldItalicMT'),
  ],
  'Comic Sans MS': [
    regular(comic400, 'Comic Sans MS', 'ComicSansMS'),
    bold(comic700, 'Comic Sans MS Bold', 'ComicSansMS-Bold'),
  ],
  Impact: [regular(anton400, 'Impact')],
  'Courier New': [
    regular(cousine400, 'Courier New', 'CourierNewPSMT'),
    bold(cousine700, 'Courier New Bold', 'CourierNewPS-BoldMT'),
    italic(cousine400i, 'Courier New Italic', 'CourierNewPS-ItalicMT'),
    boldItalic(cousine700i, 'Courier New Bold Italic', 'CourierNewPS-BoldItalicMT'),
  ],
  Yomogi: [regular(yomogi400)],
  Creepster: [regular(creepster400)],
  'Special Elite': [regular(specialElite400)],
};

let registered = false;

/** Adds the faces to the document (nothing is downloaded until a text uses one). */
export function registerCollageFonts(): void {
  if (registered || typeof FontFace === 'undefined') return;
  registered = true;
  for (const [family, faces] of Object.entries(FACES)) {
    for (const face of faces) {
      const sources = [...face.local.map((name) => `local("${name}")`), `url("${face.url}") format("woff2")`];
      document.fonts.add(
        new FontFace(family, sources.join(', '), { weight: face.weight, style: face.style, display: 'swap' }),
      );
    }
  }
}

/** Loads the face a text needs; resolves false when it could not be loaded (the text keeps a fallback). */
export async function loadCollageFont(family: string, weight: string, style: string): Promise<boolean> {
  registerCollageFonts();
  try {
    const faces = await document.fonts.load(`${style} ${weight} 32px "${family}"`);
    return faces.length > 0;
  } catch (error) {
    console.warn(`Collage font ${family} could not be loaded`, error);
    return false;
  }
}
