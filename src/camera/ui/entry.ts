/**
 * How the landing page and the editor open the camera: its view loads only when someone opens it, with
 * the options of the page's link (`?engine=`, `?testHooks=1`, `?cameraLongSide=`, `?breakEngine=`).
 */
import { lazy } from 'react';
import { testOptions } from '../../ui/test-hooks.ts';
import { isEngineKind, type EngineKind } from '../../engine/protocol.ts';

export const LazyCameraView = lazy(() => import('./CameraView.tsx'));

export interface CameraLinkOptions {
  engine?: EngineKind;
  testHooks?: boolean;
  longSide?: number;
  /** Test hook (`?breakEngine=`): these backends' self-tests read back black. */
  breakEngine?: EngineKind[];
}

export function cameraOptions(search: string): CameraLinkOptions {
  const params = new URLSearchParams(search);
  const engine = params.get('engine');
  const longSide = Number(params.get('cameraLongSide'));
  const test = testOptions(search);
  return {
    ...(isEngineKind(engine) ? { engine } : {}),
    ...(test ? { testHooks: true } : {}),
    ...(test?.breakEngine ? { breakEngine: test.breakEngine.filter(isEngineKind) } : {}),
    ...(Number.isInteger(longSide) && longSide >= 16 && longSide <= 4096 ? { longSide } : {}),
  };
}

/** Whether this browser can have a camera at all (a secure page with getUserMedia). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
