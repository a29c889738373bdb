/**
 * Bringing WebGPU up on the canvas: an adapter (fallback adapters, such as SwiftShader, accepted), a
 * device, and the canvas's context (or, on a fallback adapter, a bitmap renderer).
 */
import type { Backend } from '../backend.ts';
import { presentModeFor, WebGpuBackend, type Presenter, type WebGpuOptions } from './backend.ts';

/** Resolves null when any of those is missing; the reason is reported through `log`. */
export async function createWebGpuBackend(
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  options: WebGpuOptions = {},
): Promise<Backend | null> {
  const gpu = (self.navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) {
    log('WebGPU: navigator.gpu is missing');
    return null;
  }
  let adapter: GPUAdapter | null = null;
  try {
    adapter = await gpu.requestAdapter();
  } catch (error) {
    log(`WebGPU: requestAdapter failed: ${String(error)}`);
  }
  if (!adapter) {
    log('WebGPU: no adapter');
    return null;
  }
  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({
      requiredLimits: { maxTextureDimension2D: adapter.limits.maxTextureDimension2D },
    });
  } catch (error) {
    log(`WebGPU: requestDevice failed: ${String(error)}`);
    return null;
  }
  const presenter = canvasPresenter(canvas, gpu, device, presentModeFor(adapter), log);
  if (!presenter) {
    device.destroy();
    return null;
  }
  return new WebGpuBackend(adapter, device, canvas, presenter, options);
}

function canvasPresenter(
  canvas: OffscreenCanvas,
  gpu: GPU,
  device: GPUDevice,
  mode: 'context' | 'bitmap',
  log: (message: string) => void,
): Presenter | null {
  let presenter: Presenter | null;
  if (mode === 'context') {
    const context = canvas.getContext('webgpu');
    const format = gpu.getPreferredCanvasFormat();
    context?.configure({ device, format, alphaMode: 'opaque' });
    presenter = context && { kind: 'context', context, format };
  } else {
    log('WebGPU: fallback adapter; frames are shown through an ImageBitmap');
    const context = canvas.getContext('bitmaprenderer');
    presenter = context && { kind: 'bitmap', context };
  }
  if (!presenter)
    log(`WebGPU: the canvas gave no ${mode === 'context' ? 'webgpu' : 'bitmaprenderer'} context`);
  return presenter;
}
