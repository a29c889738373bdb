/**
 * Bringing WebGPU up on the canvas: an adapter (fallback adapters, such as SwiftShader, accepted), a
 * device, the self-test, and only then the canvas's context, so that a device that draws wrong leaves
 * the canvas free for WebGL2 (a canvas takes one kind of context for good).
 */
import type { Backend } from '../backend.ts';
import { presentModeFor, WebGpuBackend, type Presenter, type WebGpuOptions } from './backend.ts';

/**
 * Resolves null when any of those is missing or the check finds the device drawing wrong; the reason is
 * reported through `log`. `check` runs on the backend before it has the canvas (null: it passed), on a
 * hardware adapter: a fallback adapter is a software rasteriser (SwiftShader), not a driver that can draw
 * wrong, and compiling the check's programs there costs two seconds before the first photo shows.
 * `checkSoftware` checks it too (the test hook that spoils a backend's check).
 */
export async function createWebGpuBackend(
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  options: WebGpuOptions = {},
  check?: (backend: Backend) => Promise<string | null>,
  checkSoftware = false,
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
  // Checked before the canvas is touched: the trial shows nothing, through a scratch presenter.
  const mode = presentModeFor(adapter);
  const scratch = new OffscreenCanvas(1, 1).getContext('bitmaprenderer');
  let backend: WebGpuBackend | null = null;
  if (check && scratch && (mode === 'context' || checkSoftware)) {
    backend = new WebGpuBackend(adapter, device, canvas, { kind: 'bitmap', context: scratch }, options);
    const reason = await check(backend);
    if (reason) {
      log(`WebGPU: ${reason}`);
      backend.destroy();
      return null;
    }
  }
  const presenter = canvasPresenter(canvas, gpu, device, mode, log);
  if (!presenter) {
    if (backend) backend.destroy();
    else device.destroy();
    return null;
  }
  if (!backend) return new WebGpuBackend(adapter, device, canvas, presenter, options);
  backend.showOn(presenter);
  return backend;
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
