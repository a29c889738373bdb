/**
 * The CPU backend: the last resort, for a worker that gets neither WebGPU nor WebGL2 (a blocklisted GPU,
 * Safari before 17, a locked-down or headless browser). The same stages run through the same runner;
 * each pass is the stage's CPU kernel (src/pipeline/cpu/kernels), which mirrors its GLSL pass on typed
 * arrays, and frames are shown through the canvas's 2D context.
 */
import type {
  Backend,
  FusedStep,
  GpuTexture,
  PassSpec,
  ResourceCounts,
  TextureFormat,
  UploadSource,
} from '../backend.ts';
import { uploadSize } from '../backend.ts';
import { getStage } from '../../pipeline/stages/index.ts';
import { layoutUniforms, unpackUniforms, type UniformLayout } from '../../pipeline/uniforms.ts';
import type { Uniforms } from '../../pipeline/cpu/kernel.ts';
import { CPU_STAGES } from '../../pipeline/cpu/kernels/index.ts';
import { CpuTexture, load, store, toByte } from '../../pipeline/cpu/texture.ts';

export interface CpuOptions {
  onLost?: (reason: string) => void;
}

/** Brings up the CPU backend on the canvas, or resolves null (the reason goes to `log`). */
export function createCpuBackend(
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  options: CpuOptions = {},
): Backend | null {
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) {
    log('CPU: the canvas gave no 2d context');
    return null;
  }
  return new CpuBackend(canvas, context, options);
}

class CpuBackend implements Backend {
  readonly kind = 'cpu' as const;
  readonly software = true;
  // Memory, not a device, limits a texture here; the full-resolution export tiles above this.
  readonly maxTextureSize = 8192;
  readonly workgroupMemory = false;
  private readonly textures = new Map<number, CpuTexture>();
  private readonly layouts = new Map<string, UniformLayout>();
  private nextId = 1;
  private lost = false;

  constructor(
    private readonly canvas: OffscreenCanvas,
    private readonly context: OffscreenCanvasRenderingContext2D,
    private readonly options: CpuOptions,
  ) {}

  createTexture(width: number, height: number, format: TextureFormat): GpuTexture {
    this.check();
    const texture = new CpuTexture(this.nextId++, width, height, format);
    this.textures.set(texture.id, texture);
    return texture;
  }

  destroyTexture(texture: GpuTexture): void {
    this.textures.delete(texture.id);
  }

  uploadImage(image: UploadSource, into?: GpuTexture): GpuTexture {
    const pixels = image instanceof ImageData ? image : imageDataOf(image);
    const texture = into
      ? this.own(into)
      : (this.createTexture(pixels.width, pixels.height, 'rgba8unorm') as CpuTexture);
    texture.data.set(pixels.data);
    return texture;
  }

  /** Its kernels are plain functions: nothing to make ahead. */
  prepare(): Promise<void> {
    return Promise.resolve();
  }

  runPass(pass: PassSpec): void {
    this.check();
    if (pass.workgroups) throw new Error(`${pass.stage}: the CPU backend has no workgroup memory`);
    const entry = pass.entry ?? 'main';
    const kernel = CPU_STAGES.get(pass.stage)?.entries?.[entry];
    if (!kernel) throw new Error(`No CPU kernel for ${pass.stage}:${entry}`);
    const steps = pass.epilogue ?? [];
    const extra = steps.reduce((sum, step) => sum + step.extraInputs, 0);
    const inputs = pass.inputs.map((texture) => this.own(texture));
    const out = this.own(pass.output);
    if (inputs.includes(out)) throw new Error(`${pass.stage}: a pass cannot read its own output`);
    kernel({
      inputs: inputs.slice(0, inputs.length - extra),
      u: this.uniforms(pass.stage, pass.uniforms),
      out,
    });
    if (steps.length > 0) this.epilogue(out, steps, inputs.slice(inputs.length - extra));
  }

  /** The per-pixel stages of a fused pass, on what it stored, each after an 8-bit rounding. */
  private epilogue(out: CpuTexture, steps: readonly FusedStep[], extras: readonly CpuTexture[]): void {
    if (out.format !== 'rgba8unorm') throw new Error('An epilogue needs an rgba8unorm output');
    let next = 0;
    const functions = steps.map((step) => {
      const pixel = CPU_STAGES.get(step.stage)?.pixel;
      if (!pixel) throw new Error(`No CPU pixel function for ${step.stage}`);
      const own = extras.slice(next, next + step.extraInputs);
      next += step.extraInputs;
      return pixel(this.uniforms(step.stage, step.uniforms), own);
    });
    const { width, height } = out;
    const c = new Float32Array(4);
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i++) {
        load(out, x, y, c);
        for (let k = 0; k < functions.length; k++) {
          if (k > 0) for (let j = 0; j < 4; j++) c[j] = toByte(c[j] as number) / 255;
          (functions[k] as (typeof functions)[number])(c, x, y, width, height);
        }
        store(out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
      }
    }
  }

  present(texture: GpuTexture): void {
    this.check();
    const source = this.own(texture);
    if (source.format !== 'rgba8unorm') throw new Error('present shows rgba8unorm textures only');
    if (this.canvas.width !== source.width) this.canvas.width = source.width;
    if (this.canvas.height !== source.height) this.canvas.height = source.height;
    // Shown opaque, as the GPU backends show it: the canvas ignores the image's alpha.
    const frame = new ImageData(source.width, source.height);
    frame.data.set(source.data);
    for (let i = 3; i < frame.data.length; i += 4) frame.data[i] = 255;
    this.context.putImageData(frame, 0, 0);
  }

  copyInto(source: GpuTexture, target: GpuTexture, x: number, y: number): void {
    const from = this.own(source);
    const to = this.own(target);
    const row = from.width * 4;
    for (let line = 0; line < from.height; line++) {
      const start = line * row;
      to.data.set(from.data.subarray(start, start + row), ((y + line) * to.width + x) * 4);
    }
  }

  readPixels(texture: GpuTexture): Promise<Uint8Array<ArrayBuffer>> {
    const source = this.own(texture);
    if (!(source.data instanceof Uint8Array))
      return Promise.reject(new Error('readPixels reads rgba8unorm textures only'));
    return Promise.resolve(source.data.slice());
  }

  finish(): Promise<void> {
    return Promise.resolve();
  }

  validate<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  resourceCounts(): ResourceCounts {
    return { textures: this.textures.size, buffers: 0 };
  }

  /** As a GPU reset would: everything held is gone and the editor is told, so that it restores the engine. */
  loseContextForTest(): void {
    this.lost = true;
    this.textures.clear();
    setTimeout(() => this.options.onLost?.('CPU backend reset (test hook)'));
  }

  destroy(): void {
    this.textures.clear();
  }

  private check(): void {
    if (this.lost) throw new Error('The CPU backend was reset');
  }

  private uniforms(stage: string, packed: ArrayBuffer | undefined): Uniforms {
    if (!packed) return {};
    let layout = this.layouts.get(stage);
    const table = getStage(stage).uniforms;
    if (!layout) {
      layout = layoutUniforms(table);
      this.layouts.set(stage, layout);
    }
    return unpackUniforms(table, packed, layout);
  }

  private own(texture: GpuTexture): CpuTexture {
    const own = this.textures.get(texture.id);
    if (!own) throw new Error(`Texture ${texture.id} is not live on this backend`);
    return own;
  }
}

/** An image's pixels, through a 2D canvas (unpremultiplied RGBA, rows from the top). */
function imageDataOf(image: Exclude<UploadSource, ImageData>): ImageData {
  const { width, height } = uploadSize(image);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('CPU upload failed (no 2D canvas to read the image through)');
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
