/**
 * Where the frame's self-hosted faces are (OFL, @fontsource): loaded by `loadFrameFonts` only when a
 * frame's text is first drawn, so no route's first load carries them.
 */
import yomogiLatin from '@fontsource/yomogi/files/yomogi-latin-400-normal.woff2?url';
import yomogiLatinExt from '@fontsource/yomogi/files/yomogi-latin-ext-400-normal.woff2?url';
import antonLatin from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import antonLatinExt from '@fontsource/anton/files/anton-latin-ext-400-normal.woff2?url';

export const FRAME_FONT_FILES = { yomogiLatin, yomogiLatinExt, antonLatin, antonLatinExt };
