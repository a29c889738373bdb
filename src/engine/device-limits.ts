/**
 * The iOS limits mode (`?deviceLimits=ios`, testing contract): the app behaves as under iOS
 * Safari's limits on any browser, so that the suite and outside checks can hold it to them on a desktop.
 * - A canvas of more than 16,777,216 pixels fails as Safari fails it: getContext gives null (Safari logs
 *   "Canvas area exceeds the maximum limit"), and a canvas grown past the cap after its context was made
 *   encodes nothing (toBlob hands back null, convertToBlob and transferToImageBitmap throw).
 * - Textures are capped at 4096 a side (iPhones report 4096 to 8192): the engine tiles past it.
 * The mode is read once when the app starts (main.tsx), kept while it runs, and handed to the effect
 * worker in its init message, which imposes the same canvas limit in its own scope. DOM-free: the
 * canvas classes are looked up on the global scope, where they exist.
 */

export type DeviceLimits = 'ios';

/** iOS Safari's canvas area limit, in pixels (4096 x 4096). */
export const IOS_CANVAS_PIXELS = 16_777_216;
/** The texture side the iOS mode allows. */
export const IOS_TEXTURE_SIDE = 4096;

export const CANVAS_LIMIT_MESSAGE = `Canvas area exceeds the maximum limit (width * height > ${IOS_CANVAS_PIXELS}).`;

let mode: DeviceLimits | null = null;

export function isDeviceLimits(value: unknown): value is DeviceLimits {
  return value === 'ios';
}

/** The mode the app runs in (null: the device's own limits). */
export function deviceLimits(): DeviceLimits | null {
  return mode;
}

/** Sets the mode for the rest of the app's life, and imposes its canvas limit on this scope. */
export function setDeviceLimits(limits: DeviceLimits | null): void {
  mode = limits;
  if (limits === 'ios') imposeCanvasLimit(globalThis);
}

/** The longest texture side the engine may use, under the mode. */
export function textureLimit(deviceMax: number, limits: DeviceLimits | null = mode): number {
  return limits === 'ios' ? Math.min(deviceMax, IOS_TEXTURE_SIDE) : deviceMax;
}

interface CanvasLike {
  width: number;
  height: number;
}

const tooLarge = (canvas: CanvasLike) => canvas.width * canvas.height > IOS_CANVAS_PIXELS;

const imposed = new WeakSet<object>();

/** Patches the canvas classes of `scope` (a window or a worker) to fail past the cap, as Safari does. */
export function imposeCanvasLimit(scope: typeof globalThis): void {
  const classes = [
    (scope as { OffscreenCanvas?: { prototype: object } }).OffscreenCanvas,
    (scope as { HTMLCanvasElement?: { prototype: object } }).HTMLCanvasElement,
  ];
  for (const type of classes) {
    if (!type || imposed.has(type.prototype)) continue;
    imposed.add(type.prototype);
    const proto = type.prototype as Record<string, unknown>;
    const wrap = (name: string, fail: (this: CanvasLike, args: unknown[]) => unknown) => {
      const original = proto[name];
      if (typeof original !== 'function') return;
      proto[name] = function (this: CanvasLike, ...args: unknown[]) {
        if (tooLarge(this)) {
          console.warn(CANVAS_LIMIT_MESSAGE);
          return fail.call(this, args);
        }
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    };
    wrap('getContext', () => null);
    wrap('convertToBlob', () => Promise.reject(new DOMException(CANVAS_LIMIT_MESSAGE, 'InvalidStateError')));
    wrap('transferToImageBitmap', () => {
      throw new DOMException(CANVAS_LIMIT_MESSAGE, 'InvalidStateError');
    });
    wrap('toBlob', (args) => {
      const callback = args[0];
      if (typeof callback === 'function') setTimeout(() => (callback as (b: Blob | null) => void)(null));
    });
    wrap('toDataURL', () => 'data:,');
  }
}
