import { describe, expect, it } from 'vitest';
import { isFromWorkerMessage, isToWorkerMessage, WORKER_STATUSES } from '../../src/engine/protocol.ts';

const bitmap = { width: 4, height: 4 };

describe('messages to the worker', () => {
  it('accepts every message of spec section 7 in its documented shape', () => {
    const valid: unknown[] = [
      { type: 'init', canvas: {} },
      { type: 'init', canvas: {}, engine: 'webgl2' },
      {
        type: 'loadImage',
        image: bitmap,
        processingWidth: 800,
        processingHeight: 600,
        originalWidth: 4000,
        originalHeight: 3000,
      },
      { type: 'applyEffect', effectId: 'vibrance', settings: { vibrance: 0.5, on: true, name: 'x' } },
      { type: 'requestImageBitmap' },
      { type: 'requestImageBitmap', source: 'currentBase' },
      { type: 'requestImageData', format: 'image/jpeg', quality: 0.9 },
      { type: 'replaceBaseImage', image: bitmap, width: 10, height: 20, step: 'collageEffect' },
      { type: 'resetCanvasToBase' },
      { type: 'commitEffect' },
      { type: 'appVisible' },
    ];
    for (const message of valid) expect(isToWorkerMessage(message), JSON.stringify(message)).toBe(true);
  });

  it('refuses unknown types, missing fields and bad values', () => {
    const invalid: unknown[] = [
      null,
      'init',
      {},
      { type: 'explode' },
      { type: 'init' },
      { type: 'init', canvas: {}, engine: 'metal' },
      {
        type: 'loadImage',
        image: bitmap,
        processingWidth: 0,
        processingHeight: 600,
        originalWidth: 1,
        originalHeight: 1,
      },
      {
        type: 'loadImage',
        image: bitmap,
        processingWidth: 1.5,
        processingHeight: 600,
        originalWidth: 1,
        originalHeight: 1,
      },
      { type: 'applyEffect', settings: {} },
      { type: 'applyEffect', effectId: 'vibrance', settings: { vibrance: { nested: 1 } } },
      { type: 'requestImageBitmap', source: 'elsewhere' },
      { type: 'requestImageData', format: 'image/png', quality: 0.9 },
      { type: 'requestImageData', format: 'image/jpeg', quality: 1.5 },
      { type: 'replaceBaseImage', image: bitmap, width: -1, height: 20, step: 'collageEffect' },
    ];
    for (const message of invalid) expect(isToWorkerMessage(message), JSON.stringify(message)).toBe(false);
  });
});

describe('request ids', () => {
  it('takes a count as a request id and repeats it in the reply, refusing anything else', () => {
    expect(isToWorkerMessage({ type: 'commitEffect', id: 7 })).toBe(true);
    expect(isToWorkerMessage({ type: 'commitEffect', id: -1 })).toBe(false);
    expect(isToWorkerMessage({ type: 'commitEffect', id: '7' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'stats', id: 7, textures: 1, buffers: 2 })).toBe(true);
    expect(isFromWorkerMessage({ type: 'error', id: 1.5, message: 'boom' })).toBe(false);
  });
});

describe('messages from the worker', () => {
  it('accepts every status value', () => {
    for (const status of WORKER_STATUSES) expect(isFromWorkerMessage({ type: 'status', status })).toBe(true);
  });

  it('accepts the other documented messages', () => {
    expect(
      isFromWorkerMessage({
        type: 'status',
        status: 'effectComplete',
        effectId: 'x',
        newWidth: 5,
        newHeight: 6,
      }),
    ).toBe(true);
    expect(isFromWorkerMessage({ type: 'error', message: 'boom' })).toBe(true);
    expect(isFromWorkerMessage({ type: 'log', level: 'info', message: 'hi' })).toBe(true);
    expect(isFromWorkerMessage({ type: 'imageData', blob: null, format: 'image/jpeg' })).toBe(true);
    expect(
      isFromWorkerMessage({ type: 'imageBitmapResponse', image: null, source: 'currentBase', error: 'x' }),
    ).toBe(true);
  });

  it('refuses malformed ones', () => {
    expect(isFromWorkerMessage({ type: 'status', status: 'Sleeping' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'status', status: 'ImageReady', newWidth: 0 })).toBe(false);
    expect(isFromWorkerMessage({ type: 'status', status: 'WorkerReady', engine: 'vulkan' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'error' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'imageData', blob: null, format: 'image/gif' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'imageBitmapResponse', image: null, source: 'nowhere' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'applyEffect', effectId: 'x', settings: {} })).toBe(false);
  });
});

describe('the full-resolution export (issue 7)', () => {
  const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
  const request = {
    type: 'exportFullResolution',
    file,
    processingWidth: 1080,
    processingHeight: 720,
    steps: [
      { effectId: 'pg2016', settings: { filterName: 'nashville', intensity: 1 } },
      { effectId: 'smartBlur', settings: { applicationMode: 'draw' }, mask: bitmap },
    ],
    quality: 0.9,
  };

  it('takes the file, the processing size, the steps (masks included) and a quality', () => {
    expect(isToWorkerMessage(request)).toBe(true);
    expect(isToWorkerMessage({ ...request, steps: [] })).toBe(true);
    expect(isToWorkerMessage({ ...request, tileLimit: 512 })).toBe(true);
    expect(isToWorkerMessage({ type: 'cancelExport' })).toBe(true);
  });

  it('refuses a missing file, bad sizes, malformed steps or a bad quality', () => {
    const invalid: unknown[] = [
      { ...request, file: 'photo.jpg' },
      { ...request, processingWidth: 0 },
      { ...request, processingHeight: undefined },
      { ...request, steps: [{ settings: {} }] },
      { ...request, steps: [{ effectId: 'vibrance', settings: { vibrance: [1] } }] },
      { ...request, steps: 'all' },
      { ...request, quality: 0 },
      { ...request, tileLimit: 1.5 },
    ];
    for (const message of invalid) expect(isToWorkerMessage(message), JSON.stringify(message)).toBe(false);
  });

  it('answers with progress between 0 and 1, then the image or why there is none', () => {
    expect(isFromWorkerMessage({ type: 'exportProgress', progress: 0.5 })).toBe(true);
    expect(isFromWorkerMessage({ type: 'exportProgress', progress: 1.5 })).toBe(false);
    expect(isFromWorkerMessage({ type: 'exportProgress' })).toBe(false);
    expect(isFromWorkerMessage({ type: 'fullResolutionImage', blob: file, width: 6000, height: 4000 })).toBe(
      true,
    );
    expect(isFromWorkerMessage({ type: 'fullResolutionImage', blob: null, cancelled: true })).toBe(true);
    expect(isFromWorkerMessage({ type: 'fullResolutionImage', blob: null, error: 'lost' })).toBe(true);
    expect(isFromWorkerMessage({ type: 'fullResolutionImage', blob: file, width: 0, height: 4000 })).toBe(
      false,
    );
  });
});
