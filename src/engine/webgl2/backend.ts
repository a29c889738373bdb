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
import { GlPrograms, type Program } from './programs.ts';

const GLSL_FILES = import.meta.glob<string>(
  ['/src/pipeline/stages/*/*.glsl', '/shaders/**/*.frag', '/shaders/**/*.vert', '/shaders/**/*.glsl'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

interface GlTexture extends GpuTexture {
  readonly texture: WebGLTexture;
  framebuffer: WebGLFramebuffer | null;
}

export interface WebGl2Options {
  onContextLost?: () => void;
  onContextRestored?: () => void;
}

/** The names software rasterisers give themselves as WebGL renderers. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

/** The renderer's name where the browser tells it, else its generic one. */
function rendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/** Brings up WebGL2 on the canvas, or resolves null (the reason goes to `log`). */
export function createWebGl2Backend(
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  options: WebGl2Options = {},
): Backend | null {
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    stencil: false,
    premultipliedAlpha: false,
    preserveDrawingBuffer: true,
  });
  if (!gl) {
    log('WebGL2: the canvas gave no webgl2 context');
    return null;
  }
  return new WebGl2Backend(gl, canvas, log, options);
}

class WebGl2Backend implements Backend {
  readonly kind = 'webgl2' as const;
  readonly software: boolean;
  readonly maxTextureSize: number;
  readonly workgroupMemory = false;
  private readonly programs: GlPrograms;
  private readonly textures = new Map<number, GlTexture>();
  private readonly uniformBuffer: WebGLBuffer;
  /** One buffer per epilogue stage's uniform block, by stage. */
  private readonly epilogueUniformBuffers: WebGLBuffer[] = [];
  private readonly vao: WebGLVertexArrayObject;
  private readonly syncTarget: GlTexture;
  /** 1x1 targets a program's first draw goes to, one per format (the rgba8 one is the sync target). */
  private readonly firstDrawTargets: Record<TextureFormat, GlTexture>;
  /** The formats each program has been drawn into. */
  private readonly drawn = new WeakMap<Program, Set<TextureFormat>>();
  /** Zeros for the uniform blocks of a first draw. */
  private readonly zeroBlocks: WebGLBuffer;
  private zeroBlockBytes = 0;
  private nextId = 1;
  /** Whether texSubImage2D takes an ImageBitmap here (not in WebKit's workers): found on first use. */
  private bitmapUploads = true;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly canvas: OffscreenCanvas,
    private readonly log: (message: string) => void,
    options: WebGl2Options,
  ) {
    this.software = SOFTWARE_RENDERER.test(rendererName(gl));
    this.maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
    // Needed to render into rgba16float intermediates.
    gl.getExtension('EXT_color_buffer_float');
    gl.getExtension('EXT_color_buffer_half_float');
    this.programs = new GlPrograms(gl, new ShaderLibrary(GLSL_FILES, 'glsl'));
    // The first photo is shown through this program: compiled now, while it decodes.
    void this.programs.prepare('internal/present', 'main');
    this.uniformBuffer = gl.createBuffer();
    this.vao = gl.createVertexArray();
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    this.syncTarget = this.createGlTexture(1, 1, 'rgba8unorm');
    this.firstDrawTargets = {
      rgba8unorm: this.syncTarget,
      rgba16float: this.createGlTexture(1, 1, 'rgba16float'),
    };
    this.zeroBlocks = gl.createBuffer();
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault();
      options.onContextLost?.();
    });
    canvas.addEventListener('webglcontextrestored', () => options.onContextRestored?.());
  }

  createTexture(width: number, height: number, format: TextureFormat): GpuTexture {
    return this.createGlTexture(width, height, format);
  }

  private createGlTexture(width: number, height: number, format: TextureFormat): GlTexture {
    const gl = this.gl;
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, format === 'rgba8unorm' ? gl.RGBA8 : gl.RGBA16F, width, height);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const handle: GlTexture = { id: this.nextId++, width, height, format, texture, framebuffer: null };
    this.textures.set(handle.id, handle);
    return handle;
  }

  destroyTexture(texture: GpuTexture): void {
    const own = this.textures.get(texture.id);
    if (!own || Object.values(this.firstDrawTargets).includes(own)) return;
    if (own.framebuffer) this.gl.deleteFramebuffer(own.framebuffer);
    this.gl.deleteTexture(own.texture);
    this.textures.delete(texture.id);
  }

  uploadImage(image: UploadSource, into?: GpuTexture): GpuTexture {
    const gl = this.gl;
    const { width, height } = uploadSize(image);
    const handle = into ? this.own(into) : this.createGlTexture(width, height, 'rgba8unorm');
    gl.bindTexture(gl.TEXTURE_2D, handle.texture);
    this.clearErrors();
    try {
      if (!(image instanceof ImageBitmap) || this.bitmapUploads) {
        gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, image);
        const error = gl.getError();
        if (error === gl.NO_ERROR) return handle;
        // WebKit's worker WebGL2 refuses ImageBitmap sources (INVALID_VALUE) but takes a canvas.
        if (!(image instanceof ImageBitmap) || error !== gl.INVALID_VALUE) throw glError('upload', error);
        this.bitmapUploads = false;
        this.log('WebGL2: ImageBitmap uploads fail here; uploading through a 2D canvas instead');
      }
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, canvasOf(image));
      const error = gl.getError();
      if (error !== gl.NO_ERROR) throw glError('upload', error);
      return handle;
    } catch (error) {
      if (!into) this.destroyTexture(handle);
      throw error;
    }
  }

  prepare(programs: readonly ProgramSpec[]): Promise<void> {
    return Promise.all(
      programs.map((spec) => this.programs.prepare(spec.stage, spec.entry ?? 'main', spec.epilogue)),
    ).then(() => this.drawOnce(programs));
  }

  /**
   * A program's first draw is where the driver makes its pipeline for the output's format (ANGLE over
   * Vulkan), work a cold chain would otherwise wait for at each pass. A 1x1
   * draw of each program into a target of each format its passes write does that now, behind the
   * compile; the GPU process works on it while the worker goes on. Without KHR_parallel_shader_compile
   * (Chromium's workers have none) taking a program for its draw waits here until it links; the GPU
   * process does that work in turn whoever waits, so a message that arrives meanwhile is answered no
   * later than if its own pass had waited for the link.
   */
  private drawOnce(programs: readonly ProgramSpec[]): void {
    const gl = this.gl;
    if (gl.isContextLost()) return;
    let drew = false;
    for (const spec of programs) {
      let program: Program;
      try {
        program = this.programs.get(spec.stage, spec.entry ?? 'main', spec.epilogue);
      } catch {
        continue; // its pass makes it again and reports the error
      }
      const drawn = this.drawn.get(program) ?? new Set<TextureFormat>();
      this.drawn.set(program, drawn);
      for (const format of spec.formats ?? []) {
        if (drawn.has(format)) continue;
        drawn.add(format);
        gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebufferOf(this.firstDrawTargets[format]));
        gl.viewport(0, 0, 1, 1);
        gl.useProgram(program.program);
        // Every block it has, at its binding, zeros: enough for the draw to be valid.
        if (program.blockBytes > this.zeroBlockBytes) {
          gl.bindBuffer(gl.UNIFORM_BUFFER, this.zeroBlocks);
          gl.bufferData(gl.UNIFORM_BUFFER, program.blockBytes, gl.STATIC_DRAW);
          this.zeroBlockBytes = program.blockBytes;
        }
        for (let binding = 0; binding <= (spec.epilogue?.length ?? 0); binding++)
          gl.bindBufferBase(gl.UNIFORM_BUFFER, binding, this.zeroBlocks);
        gl.bindVertexArray(this.vao);
        gl.drawArrays(gl.TRIANGLES, 0, 3);
        drew = true;
      }
    }
    if (!drew) return;
    gl.flush();
    this.clearErrors();
  }

  runPass(pass: PassSpec): void {
    if (pass.workgroups)
      throw new Error(`${pass.stage}:${pass.entry ?? 'main'} needs workgroup memory, which WebGL2 has not`);
    const gl = this.gl;
    const entry = pass.entry ?? 'main';
    const program = this.programs.get(pass.stage, entry, pass.epilogue);
    const inputs = programInputs(pass, program.firstEpilogueInput);
    const output = this.own(pass.output);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebufferOf(output));
    gl.viewport(0, 0, output.width, output.height);
    gl.useProgram(program.program);
    if (program.hasParams) {
      if (!pass.uniforms) throw new Error(`${pass.stage}: the shader declares Params but none were given`);
      gl.bindBuffer(gl.UNIFORM_BUFFER, this.uniformBuffer);
      gl.bufferData(gl.UNIFORM_BUFFER, pass.uniforms, gl.DYNAMIC_DRAW);
      gl.bindBufferBase(gl.UNIFORM_BUFFER, 0, this.uniformBuffer);
    }
    pass.epilogue?.forEach((step, index) => {
      if (!step.uniforms) return;
      const buffer = (this.epilogueUniformBuffers[index] ??= gl.createBuffer());
      gl.bindBuffer(gl.UNIFORM_BUFFER, buffer);
      gl.bufferData(gl.UNIFORM_BUFFER, step.uniforms, gl.DYNAMIC_DRAW);
      gl.bindBufferBase(gl.UNIFORM_BUFFER, index + 1, buffer);
    });
    if (program.outputSize) gl.uniform2i(program.outputSize, output.width, output.height);
    inputs.forEach((input, unit) => {
      if (input.id === pass.output.id) throw new Error(`${pass.stage}: a pass cannot read its own output`);
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, this.own(input).texture);
    });
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    // Unbind inputs so a later pass may render into them without a feedback loop.
    inputs.forEach((_input, unit) => {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, null);
    });
  }

  present(texture: GpuTexture): void {
    const gl = this.gl;
    const source = this.own(texture);
    if (this.canvas.width !== texture.width) this.canvas.width = texture.width;
    if (this.canvas.height !== texture.height) this.canvas.height = texture.height;
    const program = this.programs.get('internal/present', 'main');
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, texture.width, texture.height);
    gl.useProgram(program.program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, source.texture);
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.flush();
  }

  copyInto(source: GpuTexture, target: GpuTexture, x: number, y: number): void {
    const gl = this.gl;
    const from = this.own(source);
    const to = this.own(target);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebufferOf(from));
    gl.bindTexture(gl.TEXTURE_2D, to.texture);
    gl.copyTexSubImage2D(gl.TEXTURE_2D, 0, x, y, 0, 0, source.width, source.height);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  readPixels(texture: GpuTexture): Promise<Uint8Array<ArrayBuffer>> {
    const gl = this.gl;
    const source = this.own(texture);
    if (texture.format !== 'rgba8unorm') throw new Error('readPixels reads rgba8unorm textures only');
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebufferOf(source));
    const pixels = new Uint8Array(texture.width * texture.height * 4);
    gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
    this.clearErrors();
    gl.readPixels(0, 0, texture.width, texture.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    const error = gl.getError();
    if (error !== gl.NO_ERROR) return Promise.reject(glError('read-back', error));
    return Promise.resolve(pixels);
  }

  finish(): Promise<void> {
    // A read forces every command before it to complete; gl.finish() alone does not promise that.
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebufferOf(this.syncTarget));
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return Promise.resolve();
  }

  validate<T>(work: () => T): Promise<T> {
    // Compile and link errors throw where they happen; what is left is the GL error flag.
    const gl = this.gl;
    this.clearErrors();
    const result = work();
    const error = gl.getError();
    if (error !== gl.NO_ERROR && !gl.isContextLost()) return Promise.reject(glError('pass', error));
    return Promise.resolve(result);
  }

  loseContextForTest(): void {
    const extension = this.gl.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('WEBGL_lose_context is not available');
    extension.loseContext();
  }

  resourceCounts(): ResourceCounts {
    // The 1x1 targets are the backend's own, not the engine's.
    return { textures: this.textures.size - Object.keys(this.firstDrawTargets).length, buffers: 1 };
  }

  destroy(): void {
    for (const texture of [...this.textures.values()]) {
      if (texture.framebuffer) this.gl.deleteFramebuffer(texture.framebuffer);
      this.gl.deleteTexture(texture.texture);
    }
    this.textures.clear();
    this.programs.destroy();
    this.gl.deleteBuffer(this.uniformBuffer);
    this.gl.deleteBuffer(this.zeroBlocks);
    for (const buffer of this.epilogueUniformBuffers) this.gl.deleteBuffer(buffer);
    this.epilogueUniformBuffers.length = 0;
    this.gl.deleteVertexArray(this.vao);
  }

  /** Clears errors left by earlier work, so that they are not blamed on what runs next. */
  private clearErrors(): void {
    const gl = this.gl;
    // A lost context reports CONTEXT_LOST_WEBGL once and then NO_ERROR; a bound keeps this finite anyway.
    for (let i = 0; i < 16 && gl.getError() !== gl.NO_ERROR; i++);
  }

  private framebufferOf(texture: GlTexture): WebGLFramebuffer {
    if (texture.framebuffer) return texture.framebuffer;
    const gl = this.gl;
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture.texture, 0);
    const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
    if (status !== gl.FRAMEBUFFER_COMPLETE)
      throw new Error(`Framebuffer incomplete (0x${status.toString(16)})`);
    texture.framebuffer = framebuffer;
    return framebuffer;
  }

  private own(texture: GpuTexture): GlTexture {
    const own = this.textures.get(texture.id);
    if (!own) throw new Error(`Texture ${texture.id} is not live on this backend`);
    return own;
  }
}

/** A GL error as the engine reports it: which step failed, and the error's name. */
function glError(step: 'upload' | 'read-back' | 'pass', code: number): Error {
  const names: Record<number, string> = {
    0x500: 'INVALID_ENUM',
    0x501: 'INVALID_VALUE',
    0x502: 'INVALID_OPERATION',
    0x505: 'OUT_OF_MEMORY',
    0x506: 'INVALID_FRAMEBUFFER_OPERATION',
    0x9242: 'CONTEXT_LOST_WEBGL',
  };
  return new Error(`WebGL2 ${step} failed (${names[code] ?? `error 0x${code.toString(16)}`})`);
}

/** An ImageBitmap drawn on a 2D canvas, the upload source every worker WebGL2 takes. */
function canvasOf(image: ImageBitmap): OffscreenCanvas {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('WebGL2 upload failed (no 2D canvas to upload through)');
  context.drawImage(image, 0, 0);
  return canvas;
}
