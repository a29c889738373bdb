/**
 * The primary image's own colour profile, as libheif reads it: the raw ICC profile (`prof`, `rICC`) or
 * the nclx code points of the image handle, which libheif takes from the item's own `colr` properties (a
 * grid's from its tiles where the grid has none) and never from another item's. libheif-js wraps only
 * part of libheif's C API in JavaScript; these calls are its exported C functions, which take the
 * handle's address and write their results into the module's memory. Worker-safe: no DOM.
 */
import type { HeifImage, HeifModule } from 'libheif-js/libheif-wasm/libheif.js';
import { nclxSpace, parseIccProfile, type RgbSpace } from '../colour/profile.ts';

/** struct heif_error: code, subcode, message pointer. */
const ERROR_BYTES = 12;

/**
 * The space the primary image's pixels are coded in: its ICC profile where that is usable, else its nclx
 * code points; null where it says nothing usable (the pixels are then sRGB, as a browser takes them).
 * Undefined where libheif cannot be asked (a handle without an address), for the caller's own reading.
 */
export function primaryColourSpace(heif: HeifModule, image: HeifImage): RgbSpace | null | undefined {
  const handle = image.handle?.$$?.ptr;
  if (typeof handle !== 'number' || !handle || typeof heif._malloc !== 'function') return undefined;
  const error = heif._malloc(ERROR_BYTES);
  try {
    const iccSize = heif.heif_image_handle_get_raw_color_profile_size(handle);
    if (iccSize > 0) {
      const data = heif._malloc(iccSize);
      try {
        heif.heif_image_handle_get_raw_color_profile(error, handle, data);
        const ok = heif.HEAP32[error >> 2] === 0;
        // Copied out of the module's memory before it is freed (or grows, which replaces the view).
        const space = ok ? parseIccProfile(heif.HEAPU8.slice(data, data + iccSize)) : null;
        if (space) return space;
      } finally {
        heif._free(data);
      }
    }
    const out = heif._malloc(4);
    try {
      heif.HEAP32[out >> 2] = 0;
      heif.heif_image_handle_get_nclx_color_profile(error, handle, out);
      const profile = heif.HEAP32[out >> 2]!;
      if (heif.HEAP32[error >> 2] !== 0 || !profile) return null;
      // struct heif_color_profile_nclx: version (a byte, padded to 4), then the primaries and the
      // transfer characteristics as 32-bit enums.
      const [primaries, transfer] = [heif.HEAP32[(profile + 4) >> 2]!, heif.HEAP32[(profile + 8) >> 2]!];
      heif.heif_nclx_color_profile_free(profile);
      return nclxSpace(primaries, transfer);
    } finally {
      heif._free(out);
    }
  } finally {
    heif._free(error);
  }
}
