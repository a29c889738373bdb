/**
 * What the user is told when a file cannot be taken, word for word from the product spec (section 5's
 * validation messages, section 8's error catalogue) where it has them. Worker-safe.
 */
import type { Size } from '../pixels/processing-size.ts';
import { decimal, english, msg, type Message, type Shown } from '../i18n/msg.ts';
import { TOO_LARGE_TEMPLATE, TOO_MANY_PIXELS_TEMPLATE } from '../i18n/templates.ts';

/** Spec section 9: maximum upload 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * Images above this many pixels are refused before decoding: a 120 MP RGBA bitmap is already 480 MB.
 * Phone cameras top out at 108 MP (12000x9000), which still loads.
 */
export const MAX_MEGAPIXELS = 120;

export const NO_FILE_MESSAGE = msg('No file selected.');
/** Another site's page sent the share target a photo: it was not opened. */
export const SHARE_REFUSED_MESSAGE = msg(
  'A photo sent by another website was not opened. Share photos to RetroCam from your device’s share menu.',
);
export const UNSUPPORTED_MESSAGE = msg('Unsupported file format. Supported formats: JPG, PNG, WEBP.');
export const SELECT_FIRST_MESSAGE = msg('Please select an image first.');
export const DECODE_FAILED_MESSAGE = msg('Failed to load image file');
export const ORIENTATION_WARNING = msg(
  'Image loaded with basic processing. Some orientation issues may occur on older Android devices.',
);

/**
 * 'File is too large (X.XXMB). Maximum size is 20MB.', with more digits where two would round a file just
 * over the limit down to 20.00, so that the size always reads as over it.
 */
export function tooLargeMessage(bytes: number): Message {
  const megabytes = bytes / (1024 * 1024);
  const limit = MAX_UPLOAD_BYTES / (1024 * 1024);
  let digits = 2;
  while (digits < 12 && megabytes > limit && Number(megabytes.toFixed(digits)) <= limit) digits++;
  return msg(TOO_LARGE_TEMPLATE, { size: decimal(megabytes, digits) });
}

export function tooManyPixelsMessage(size: Size): Message {
  const megapixels = (size.width * size.height) / 1e6;
  return msg(TOO_MANY_PIXELS_TEMPLATE, {
    width: size.width,
    height: size.height,
    megapixels: decimal(megapixels, 1),
    maximum: MAX_MEGAPIXELS,
  });
}

export type IntakeErrorKind = 'noFile' | 'tooLarge' | 'unsupported' | 'tooManyPixels' | 'undecodable';

/** A file the intake refuses; `shown` is what the user sees (`message` its English, for logs). */
export class IntakeError extends Error {
  constructor(
    readonly kind: IntakeErrorKind,
    readonly shown: Shown,
  ) {
    super(english(shown));
    this.name = 'IntakeError';
  }
}
