/**
 * WebGL2 programs: a stage's fragment shader (with a fused epilogue when there is one), compiled and
 * linked once and kept. `prepare` starts compiling and linking without asking how it went, so that with
 * KHR_parallel_shader_compile the driver works on many programs at once, off this thread; the first pass
 * that needs a program collects it (and reports its compile or link error).
 */
import type { FusedStep } from '../backend.ts';
import { composeGlsl, epilogueKey, fusedSource, GLSL_OUTPUT_SIZE } from '../epilogue-fusion.ts';
import type { ShaderLibrary } from '../shader-sources.ts';

export interface Program {
  readonly program: WebGLProgram;
  readonly hasParams: boolean;
  /** With an epilogue: the input number of its first texture, and where its output size goes. */
  readonly firstEpilogueInput?: number;
  readonly outputSize?: WebGLUniformLocation | null;
  /** The largest of its uniform blocks, in bytes (0 without any). */
  readonly blockBytes: number;
}

/** Texture units a program may use (WebGL2 promises 16 to a fragment shader). */
const MAX_SAMPLERS = 16;

/** KHR_parallel_shader_compile's query: whether a program has finished linking, without waiting for it. */
const COMPLETION_STATUS_KHR = 0x91b1;

/** A program whose compile and link were asked for and not yet collected. */
interface Started {
  readonly program: WebGLProgram;
  readonly fragment: WebGLShader;
  readonly blocks: readonly string[];
  readonly firstEpilogueInput?: number;
}

export class GlPrograms {
  private readonly programs = new Map<string, Program>();
  private readonly started = new Map<string, Started>();
  private readonly parallel: boolean;
  readonly vertexShader: WebGLShader;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly shaders: ShaderLibrary,
  ) {
    this.parallel = gl.getExtension('KHR_parallel_shader_compile') !== null;
    this.vertexShader = this.shaderOf(
      gl.VERTEX_SHADER,
      shaders.source('/shaders/internal/fullscreen.vert'),
      'fullscreen',
    );
    gl.compileShader(this.vertexShader);
    if (!gl.getShaderParameter(this.vertexShader, gl.COMPILE_STATUS)) {
      throw new Error(`Compiling fullscreen failed: ${gl.getShaderInfoLog(this.vertexShader) ?? ''}`);
    }
  }

  /** The stage's pass, with the per-pixel stages of `epilogue` applied to what it writes. */
  get(stage: string, entry: string, epilogue?: readonly FusedStep[]): Program {
    const key = keyOf(stage, entry, epilogue);
    return this.programs.get(key) ?? this.collect(key, this.start(key, stage, entry, epilogue));
  }

  /**
   * Starts making the program; resolves once the driver has it (at once without the parallel-compile
   * extension, where only the first pass can wait for it).
   */
  prepare(stage: string, entry: string, epilogue?: readonly FusedStep[]): Promise<void> {
    const key = keyOf(stage, entry, epilogue);
    if (this.programs.has(key)) return Promise.resolve();
    const started = this.start(key, stage, entry, epilogue);
    if (!this.parallel) return Promise.resolve();
    return new Promise((resolve) => {
      const poll = () => {
        const done =
          this.gl.isContextLost() ||
          !this.started.has(key) ||
          this.gl.getProgramParameter(started.program, COMPLETION_STATUS_KHR) === true;
        if (done) resolve();
        else setTimeout(poll, 4);
      };
      poll();
    });
  }

  destroy(): void {
    for (const program of this.programs.values()) this.gl.deleteProgram(program.program);
    for (const started of this.started.values()) {
      this.gl.deleteProgram(started.program);
      this.gl.deleteShader(started.fragment);
    }
    this.programs.clear();
    this.started.clear();
    this.gl.deleteShader(this.vertexShader);
  }

  /** Compiles and links, asking nothing: the driver may do it in the background. */
  private start(key: string, stage: string, entry: string, epilogue?: readonly FusedStep[]): Started {
    const already = this.started.get(key);
    if (already) return already;
    let source: string;
    let blocks: string[] = [];
    let firstEpilogueInput: number | undefined;
    if (epilogue?.length) {
      const fused = fusedSource(this.shaders, stage, entry, epilogue, composeGlsl);
      source = fused.code;
      firstEpilogueInput = fused.firstInput;
      blocks = epilogue.map((_step, index) => `Params${index + 1}`);
    } else {
      const raw = stage.includes('/')
        ? this.shaders.source(`/shaders/${stage}.frag`)
        : this.shaders.stageSource(stage);
      // Multi-pass stages select their pass with a define, the GLSL counterpart of a WGSL entry point.
      const newline = raw.indexOf('\n');
      source = `${raw.slice(0, newline + 1)}#define ENTRY_${entry} 1\n${raw.slice(newline + 1)}`;
    }
    const gl = this.gl;
    const fragment = this.shaderOf(gl.FRAGMENT_SHADER, source, key);
    gl.compileShader(fragment);
    const program = gl.createProgram();
    gl.attachShader(program, this.vertexShader);
    gl.attachShader(program, fragment);
    gl.linkProgram(program);
    const started: Started = { program, fragment, blocks, firstEpilogueInput };
    this.started.set(key, started);
    return started;
  }

  /** Waits for the driver if it must, reports a failed compile or link, and binds blocks and samplers. */
  private collect(key: string, started: Started): Program {
    const gl = this.gl;
    const { program, fragment, blocks } = started;
    this.started.delete(key);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      const compiled = gl.getShaderParameter(fragment, gl.COMPILE_STATUS) === true;
      const message = compiled
        ? `Linking ${key} failed: ${gl.getProgramInfoLog(program) ?? ''}`
        : `Compiling ${key} failed: ${gl.getShaderInfoLog(fragment) ?? ''}`;
      gl.deleteShader(fragment);
      gl.deleteProgram(program);
      throw new Error(message);
    }
    gl.deleteShader(fragment);
    gl.useProgram(program);
    const blockIndex = gl.getUniformBlockIndex(program, 'Params');
    const hasParams = blockIndex !== gl.INVALID_INDEX;
    let blockBytes = 0;
    const bind = (index: number, binding: number) => {
      gl.uniformBlockBinding(program, index, binding);
      const bytes = gl.getActiveUniformBlockParameter(program, index, gl.UNIFORM_BLOCK_DATA_SIZE) as number;
      blockBytes = Math.max(blockBytes, bytes);
    };
    if (hasParams) bind(blockIndex, 0);
    blocks.forEach((name, k) => {
      const index = gl.getUniformBlockIndex(program, name);
      if (index !== gl.INVALID_INDEX) bind(index, k + 1);
    });
    for (let unit = 0; unit < MAX_SAMPLERS; unit++) {
      const location = gl.getUniformLocation(program, `input${unit}`);
      if (location) gl.uniform1i(location, unit);
    }
    const made: Program =
      started.firstEpilogueInput === undefined
        ? { program, hasParams, blockBytes }
        : {
            program,
            hasParams,
            blockBytes,
            firstEpilogueInput: started.firstEpilogueInput,
            outputSize: gl.getUniformLocation(program, GLSL_OUTPUT_SIZE),
          };
    this.programs.set(key, made);
    return made;
  }

  private shaderOf(type: number, source: string, label: string): WebGLShader {
    const shader = this.gl.createShader(type);
    if (!shader) throw new Error(`Could not create shader ${label}`);
    this.gl.shaderSource(shader, source);
    return shader;
  }
}

function keyOf(stage: string, entry: string, epilogue?: readonly FusedStep[]): string {
  return epilogue?.length ? epilogueKey(stage, entry, epilogue) : `${stage}:${entry}`;
}
