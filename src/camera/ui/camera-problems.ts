// Why the camera cannot be used, as the user is told it: from the browser's getUserMedia errors.
import { msg } from '../../i18n/msg.ts';

/** Why the camera cannot be used, each with its message. */
export type CameraProblem = 'refused' | 'absent' | 'busy' | 'unsupported' | 'stopped' | 'engine';

export const CAMERA_MESSAGES: Record<Exclude<CameraProblem, 'engine'>, string> = {
  refused: msg(
    "Camera access was refused. Allow the camera for this site in your browser's settings, or upload a photo instead.",
  ),
  absent: msg('No camera was found on this device. Connect one, or upload a photo instead.'),
  busy: msg(
    'The camera is in use by another app or could not start. Close the other app and try again, or upload a photo instead.',
  ),
  unsupported: msg('This browser cannot use a camera here. Upload a photo instead.'),
  stopped: msg('The camera stopped sending pictures. Try again, or upload a photo instead.'),
};

/** The camera the user means, from a getUserMedia error's name. */
export function problemOf(error: unknown): Exclude<CameraProblem, 'engine' | 'stopped'> {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'refused';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'absent';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'busy';
  }
}
