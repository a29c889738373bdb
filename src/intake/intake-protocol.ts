/** Messages between the page's intake (intake.ts) and its worker (intake-worker.ts). Worker-safe. */
import type { AcceptedFormat } from './formats.ts';
import type { Shown } from '../i18n/msg.ts';
import type { IntakeErrorKind } from './messages.ts';
import type { Size } from '../pixels/processing-size.ts';

/** What the page wants back besides the checks: the bitmap, an encoded preview of it, or both. */
export interface IntakeWants {
  bitmap: boolean;
  /** JPEG at quality 0.9 (the landing page's preview), or PNG (keeps transparency: collage images). */
  preview?: 'jpeg' | 'png';
}

export interface IntakeRequest {
  id: number;
  file: Blob;
  formats: readonly AcceptedFormat[];
  wants: IntakeWants;
}

/** A file that passed intake. */
export interface IntakeResult {
  /** The upright image at the processing size, when asked for. */
  bitmap: ImageBitmap | null;
  /** The image encoded (JPEG or PNG) at the processing size, when asked for. */
  preview: Blob | null;
  format: AcceptedFormat;
  original: Size;
  processing: Size;
  warning?: string;
  /** The day the photo was taken (`YYYY-MM-DD`), where its EXIF says. */
  taken?: string;
}

export type IntakeResponse =
  | ({ id: number; ok: true } & IntakeResult)
  | { id: number; ok: false; kind: IntakeErrorKind; message: Shown };
