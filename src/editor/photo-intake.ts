/**
 * How a chosen photo is taken when its turn comes (the formats it may have, a decode made earlier), and the
 * picture shown while it loads. This is kept out of the editor's atom on purpose: what it holds is keyed by
 * the File objects themselves (a WeakMap, so that a file never loaded is not kept alive by it) and an
 * object URL that must be revoked; neither is state that a component shows or a rule reads.
 */
import type { DecodedImage } from '../intake/decode.ts';
import { EDITOR_FORMATS, type AcceptedFormat } from '../intake/formats.ts';
import { asDecoded, intake, IntakeError } from '../intake/intake.ts';
import { DECODE_FAILED_MESSAGE } from '../intake/messages.ts';
import type { Notify } from '../ui/notifications.ts';

export interface FileIntake {
  formats?: readonly AcceptedFormat[];
  /** Already decoded at the processing size (the landing page's preview): used once, then closed. */
  decoded?: DecodedImage;
}

export class PhotoIntake {
  private readonly given = new WeakMap<Blob, FileIntake>();
  private previewUrl: string | null = null;

  /** How `file` is to be taken (the editor's own upload: jpeg, png and webp, when nothing is said). */
  remember(file: Blob, given: FileIntake | undefined): void {
    if (given) this.given.set(file, given);
  }

  /**
   * The file, decoded (or as decoded earlier); null where it cannot be, said as an error: the previous
   * image (if any) stays and the editor stays usable. A decode's warning is said too.
   */
  async decode(file: Blob, notify: Notify): Promise<DecodedImage | null> {
    const given = this.given.get(file);
    this.given.delete(file);
    let decoded = given?.decoded;
    if (!decoded) {
      try {
        decoded = asDecoded(await intake(file, given?.formats ?? EDITOR_FORMATS));
      } catch (error) {
        notify('error', error instanceof IntakeError ? error.shown : DECODE_FAILED_MESSAGE);
        return null;
      }
    }
    if (decoded.warning) notify('warning', decoded.warning);
    return decoded;
  }

  /**
   * A photo waiting for the engine, as a picture to show: decoded once at the processing size and kept for
   * its load (an <img> of the file itself would have the page decode the whole photo, at full size, into the
   * browser's discardable memory); null where it cannot be decoded (its load then says why).
   */
  async keptPreview(file: Blob): Promise<string | null> {
    const given = this.given.get(file) ?? {};
    let decoded = given.decoded;
    if (!decoded) {
      try {
        decoded = asDecoded(await intake(file, given.formats ?? EDITOR_FORMATS));
      } catch {
        return null;
      }
      this.given.set(file, { ...given, decoded });
    }
    return this.preview(decoded.bitmap);
  }

  /**
   * The loading preview: the photo at the processing size, as decoded (the previous one let go). An <img>
   * of the file itself would have the page decode the whole photo again, held by the browser after it was gone, and
   * could not show HEIC at all.
   */
  async preview(bitmap: ImageBitmap): Promise<string | null> {
    this.dispose();
    this.previewUrl = await loadingPreview(bitmap);
    return this.previewUrl;
  }

  dispose(): void {
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = null;
  }
}

/** The decoded photo as a JPEG to show while its first frame is made; null where it cannot be made. */
async function loadingPreview(bitmap: ImageBitmap): Promise<string | null> {
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return URL.createObjectURL(blob);
  } catch {
    return null;
  }
}
