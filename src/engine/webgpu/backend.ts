/// <reference types="@webgpu/types" />
import type {
  Backend,
  GpuTexture,
  PassSpec,
  ProgramSpec,
  ResourceCounts,
  TextureFormat,
  UploadSource,
} from '../backend.ts';
import { uploadSize } from '../backend.ts';
import { programInputs } from '../epilogue-fusion.ts';
import { ShaderLibrary } from '../shader-sources.ts';
import { BindGroups, type WebGpuTexture } from './bind-groups.ts';
import { Programs } from './programs.ts';
import { UniformSlots } from './uniform-slots.ts';

const WGSL_FILES = import.meta.glob<string>(['/src/pipeline/stages/*/*.wgsl', '/shaders/**/*.wgsl'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * How frames reach the canvas: a `webgpu` context (the fast path), or a read-back ImageBitmap handed to a
 * `bitmaprenderer` context. Software fallback adapters get the second: headless Chromium on SwiftShader
 * computes fine but loses the device, and every later adapter of the page while the device lives, the
 * moment it presents a WebGPU canvas. On a software adapter the read-back costs little beside the work.
 */
export type PresentMode = 'context' | 'bitmap';

export function presentModeFor(adapter: GPUAdapter): PresentMode {
  return isFallback(adapter) ? 'bitmap' : 'context';
}

/** A fallback adapter: a software rasteriser (SwiftShader). */
function isFallback(adapter: GPUAdapter): boolean {
  const legacy = adapter as GPUAdapter & { isFallbackAdapter?: boolean };
  return adapter.info?.isFallbackAdapter ?? legacy.isFallbackAdapter ?? false;
}

export type Presenter =
  | { kind: 'context'; context: GPUCanvasContext; format: GPUTextureFormat }
  | { kind: 'bitmap'; context: ImageBitmapRenderingContext };

export interface WebGpuOptions {
  /** Called once if the device is lost, with the browser's reason. */
  onDeviceLost?: (reason: string, message: string) => void;
}

export class WebGpuBackend implements Backend {
  readonly kind = 'webgpu' as const;
  readonly software: boolean;
  readonly maxTextureSize: number;
  readonly workgroupMemory = true;
  private readonly shaders = new ShaderLibrary(WGSL_FILES, 'wgsl');
  private readonly programs: Programs;
  private readonly uniforms: UniformSlots;
  private readonly textures = new Map<number, WebGpuTexture>();
  private nextId = 1;
  private encoder: GPUCommandEncoder | null = null;
  private presentPipeline: GPURenderPipeline | null = null;
  private readonly bindGroups: BindGroups;
  private framePipeline: GPUComputePipeline | null = null;
  private liveBuffers = 0;
  private destroyed = false;
  private lostForTest = false;
  /** The device is gone (its `lost` promise, or an error scope its instance can no longer answer). */
  private lost = false;
  /** Test hook: the next error scopes are popped as a dropped instance answers them. */
  private instanceDroppedForTest = false;
  private readonly onDeviceLost: WebGpuOptions['onDeviceLost'];
  private readonly presenter: Presenter;

  constructor(
    // Held so that it lives as long as the device: Chromium tears the device down ("A valid external
    // Instance reference no longer exists") once the adapter that made it has been collected.
    readonly adapter: GPUAdapter,
    private readonly device: GPUDevice,
    private readonly canvas: OffscreenCanvas,
    presenter: Presenter,
    options: WebGpuOptions,
  ) {
    this.presenter = presenter;
    this.software = isFallback(adapter);
    this.maxTextureSize = device.limits.maxTextureDimension2D;
    this.programs = new Programs(device, this.shaders);
    this.uniforms = new UniformSlots(device);
    this.bindGroups = new BindGroups(device, this.uniforms, (texture) => this.own(texture));
    this.onDeviceLost = options.onDeviceLost;
    void device.lost.then((info) => this.reportLost(info.reason, info.message));
    device.addEventListener('uncapturederror', (event) => {
      console.error('WebGPU error:', event.error.message);
    });
    // The first photo is shown through this pipeline: made now, off this thread, while it decodes.
    if (presenter.kind === 'context') {
      this.device
        .createRenderPipelineAsync(this.presentDescriptor(presenter.format))
        .then((pipeline) => {
          this.presentPipeline ??= pipeline;
        })
        .catch(() => undefined);
    }
  }

  createTexture(width: number, height: number, format: TextureFormat): GpuTexture {
    const texture = this.device.createTexture({
      size: [width, height],
      format,
      usage:
        GPUTextureUsage.TEXTURE_BINDING |
        GPUTextureUsage.STORAGE_BINDING |
        GPUTextureUsage.COPY_SRC |
        GPUTextureUsage.COPY_DST |
        GPUTextureUsage.RENDER_ATTACHMENT,
    });
    const handle: WebGpuTexture = {
      id: this.nextId++,
      width,
      height,
      format,
      texture,
      view: texture.createView(),
    };
    this.textures.set(handle.id, handle);
    return handle;
  }

  destroyTexture(texture: GpuTexture): void {
    const own = this.textures.get(texture.id);
    if (!own) return;
    this.bindGroups.forget(texture.id);
    own.texture.destroy();
    this.textures.delete(texture.id);
  }

  uploadImage(image: UploadSource, into?: GpuTexture): GpuTexture {
    const { width, height } = uploadSize(image);
    const handle = this.own(into ?? this.createTexture(width, height, 'rgba8unorm'));
    if ('displayWidth' in image) {
      this.uploadFrame(image, handle);
    } else if (image instanceof ImageData) {
      this.device.queue.writeTexture(
        { texture: handle.texture },
        image.data,
        { bytesPerRow: image.width * 4, rowsPerImage: image.height },
        [image.width, image.height],
      );
    } else {
      this.device.queue.copyExternalImageToTexture({ source: image }, { texture: handle.texture }, [
        width,
        height,
      ]);
    }
    return handle;
  }

  /**
   * A VideoFrame through `importExternalTexture`: the GPU reads the frame where it is and one pass writes
   * it into the texture. The work is submitted here, so the caller may close the frame as soon as this
   * returns. (copyExternalImageToTexture takes a camera frame through a copy of its own on SwiftShader; the
   * benchmark's results compare the two.)
   */
  private uploadFrame(frame: VideoFrame, into: WebGpuTexture): void {
    const pipeline = (this.framePipeline ??= this.device.createComputePipeline({
      label: 'external-frame',
      layout: 'auto',
      compute: {
        module: this.device.createShaderModule({
          label: 'external-frame',
          code: this.shaders.source('/shaders/internal/external-frame.wgsl'),
        }),
        entryPoint: 'main',
      },
    }));
    // The import can throw (a frame the GPU cannot take): it is done before the pass begins, so that a
    // throw never leaves a pass open on the shared encoder, which would spoil every later command on it.
    const bindGroup = this.device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: this.device.importExternalTexture({ source: frame }) },
        { binding: 1, resource: into.view },
      ],
    });
    const encoder = (this.encoder ??= this.device.createCommandEncoder());
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(Math.ceil(into.width / 8), Math.ceil(into.height / 8));
    pass.end();
    this.flush();
  }

  prepare(programs: readonly ProgramSpec[]): Promise<void> {
    return Promise.all(
      programs.map((spec) => this.programs.prepare(spec.stage, spec.entry ?? 'main', spec.epilogue)),
    ).then(() => undefined);
  }

  runPass(spec: PassSpec): void {
    const entry = spec.entry ?? 'main';
    const program = this.programs.get(spec.stage, entry, spec.epilogue);
    const inputs = programInputs(spec, program.firstEpilogueInput);
    const pass = inputs === spec.inputs ? spec : { ...spec, inputs };
    const bindGroup = this.bindGroups.for(program, pass);
    const encoder = (this.encoder ??= this.device.createCommandEncoder());
    const compute = encoder.beginComputePass();
    compute.setPipeline(program.pipeline);
    compute.setBindGroup(0, bindGroup);
    const [wx, wy] = program.entry.workgroupSize;
    const { x, y } = pass.workgroups ?? {
      x: Math.ceil(pass.output.width / wx),
      y: Math.ceil(pass.output.height / wy),
    };
    compute.dispatchWorkgroups(x, y);
    compute.end();
  }

  async present(texture: GpuTexture): Promise<void> {
    const source = this.own(texture);
    if (this.presenter.kind === 'bitmap') {
      const pixels = await this.readPixels(texture);
      const bitmap = await createImageBitmap(
        new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
      );
      this.presenter.context.transferFromImageBitmap(bitmap);
      return;
    }
    if (this.canvas.width !== texture.width) this.canvas.width = texture.width;
    if (this.canvas.height !== texture.height) this.canvas.height = texture.height;
    const pipeline = this.presentPipelineFor(this.presenter.format);
    const encoder = (this.encoder ??= this.device.createCommandEncoder());
    const pass = encoder.beginRenderPass({
      colorAttachments: [
        {
          view: this.presenter.context.getCurrentTexture().createView(),
          loadOp: 'clear',
          storeOp: 'store',
          clearValue: { r: 0, g: 0, b: 0, a: 1 },
        },
      ],
    });
    pass.setPipeline(pipeline);
    pass.setBindGroup(
      0,
      this.device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [{ binding: 0, resource: source.view }],
      }),
    );
    pass.draw(3);
    pass.end();
    this.flush();
  }

  copyInto(source: GpuTexture, target: GpuTexture, x: number, y: number): void {
    const from = this.own(source);
    const to = this.own(target);
    const encoder = (this.encoder ??= this.device.createCommandEncoder());
    encoder.copyTextureToTexture({ texture: from.texture }, { texture: to.texture, origin: { x, y } }, [
      source.width,
      source.height,
    ]);
  }

  async readPixels(texture: GpuTexture): Promise<Uint8Array<ArrayBuffer>> {
    const source = this.own(texture);
    if (texture.format !== 'rgba8unorm') throw new Error('readPixels reads rgba8unorm textures only');
    const bytesPerRow = Math.ceil((texture.width * 4) / 256) * 256;
    const buffer = this.device.createBuffer({
      size: bytesPerRow * texture.height,
      usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
    });
    this.liveBuffers++;
    try {
      const encoder = (this.encoder ??= this.device.createCommandEncoder());
      encoder.copyTextureToBuffer({ texture: source.texture }, { buffer, bytesPerRow }, [
        texture.width,
        texture.height,
      ]);
      this.flush();
      await buffer.mapAsync(GPUMapMode.READ);
      const mapped = new Uint8Array(buffer.getMappedRange());
      const rowBytes = texture.width * 4;
      const pixels = new Uint8Array(rowBytes * texture.height);
      for (let y = 0; y < texture.height; y++) {
        pixels.set(mapped.subarray(y * bytesPerRow, y * bytesPerRow + rowBytes), y * rowBytes);
      }
      buffer.unmap();
      return pixels;
    } finally {
      buffer.destroy();
      this.liveBuffers--;
    }
  }

  async finish(): Promise<void> {
    this.flush();
    await this.device.queue.onSubmittedWorkDone();
  }

  async validate<T>(work: () => T): Promise<T> {
    this.device.pushErrorScope('internal');
    this.device.pushErrorScope('out-of-memory');
    this.device.pushErrorScope('validation');
    let result: T | undefined;
    let thrown: Error | null = null;
    try {
      result = work();
      this.flush();
    } catch (error) {
      thrown = error instanceof Error ? error : new Error(String(error));
    }
    // The scopes are popped whatever happened; an error thrown by `work` itself wins.
    let errors: (GPUError | null)[];
    try {
      errors = await Promise.all([
        this.device.popErrorScope(),
        this.device.popErrorScope(),
        this.device.popErrorScope(),
      ]);
      if (this.instanceDroppedForTest) throw new Error('Instance dropped in popErrorScope (test hook)');
    } catch (error) {
      // A scope that cannot be popped ('Instance dropped') means the device behind it is gone, whether
      // or not its `lost` promise says so: it is reported as lost (the page restores the engine on a new
      // one), before this work's own failure is answered.
      const message = error instanceof Error ? error.message : String(error);
      this.reportLost('unknown', message);
      throw new Error(`WebGPU device lost: ${message}`, { cause: error });
    }
    if (thrown !== null) throw thrown;
    const error = errors.find((e) => e !== null);
    if (error) throw new Error(`WebGPU: ${error.message}`);
    return result as T;
  }

  resourceCounts(): ResourceCounts {
    return { textures: this.textures.size, buffers: this.liveBuffers + this.uniforms.buffers };
  }

  /** Tells the worker once that the device is gone, unless it was destroyed on purpose. */
  private reportLost(reason: string, message: string): void {
    if (this.lost || this.destroyed || this.lostForTest) return;
    this.lost = true;
    this.onDeviceLost?.(reason, message);
  }

  dropInstanceForTest(): void {
    this.instanceDroppedForTest = true;
  }

  loseContextForTest(): void {
    // A script cannot make a device lose itself for reason 'unknown' (a driver reset); report that
    // reason, then really destroy the device so every later use fails as it would.
    this.lostForTest = true;
    this.onDeviceLost?.('unknown', 'forced by a test hook');
    this.device.destroy();
  }

  destroy(): void {
    this.destroyed = true;
    this.bindGroups.clear();
    for (const texture of this.textures.values()) texture.texture.destroy();
    this.textures.clear();
    this.uniforms.destroy();
    if (this.presenter.kind === 'context') this.presenter.context.unconfigure();
    this.device.destroy();
  }

  /** Writes this frame's uniforms and submits its commands. */
  private flush(): void {
    this.uniforms.write();
    if (this.encoder) {
      this.device.queue.submit([this.encoder.finish()]);
      this.encoder = null;
    }
  }

  private presentPipelineFor(canvasFormat: GPUTextureFormat): GPURenderPipeline {
    this.presentPipeline ??= this.device.createRenderPipeline(this.presentDescriptor(canvasFormat));
    return this.presentPipeline;
  }

  private presentDescriptor(canvasFormat: GPUTextureFormat): GPURenderPipelineDescriptor {
    const module = this.device.createShaderModule({
      label: 'present',
      code: this.shaders.source('/shaders/internal/present.wgsl'),
    });
    return {
      label: 'present',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format: canvasFormat }] },
      primitive: { topology: 'triangle-list' },
    };
  }

  private own(texture: GpuTexture): WebGpuTexture {
    const own = this.textures.get(texture.id);
    if (!own) throw new Error(`Texture ${texture.id} is not live on this backend`);
    return own;
  }
}
