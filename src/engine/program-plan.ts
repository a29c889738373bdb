/**
 * The programs a chain's passes will run, found without running anything: the chain goes through a
 * StageRunner on a backend that only records its passes (so that programs are made before they are needed).
 */
import type { Backend, GpuTexture, PassSpec, ProgramSpec, TextureFormat } from './backend.ts';
import { StageRunner } from './runner.ts';
import type { StageInvocation } from '../pipeline/stages/invocation.ts';

/** Records passes; its textures hold nothing. */
class RecordingBackend implements Backend {
  /** Which backend the plan is for matters only through `workgroupMemory`. */
  readonly kind = 'webgpu' as const;
  readonly software = true;
  readonly maxTextureSize = 1 << 16;
  readonly programs = new Map<string, ProgramSpec & { formats: TextureFormat[] }>();
  private nextId = -1;

  constructor(readonly workgroupMemory: boolean) {}

  createTexture(width: number, height: number, format: TextureFormat): GpuTexture {
    return { id: this.nextId--, width, height, format };
  }

  destroyTexture(): void {}

  uploadImage(image: ImageBitmap | ImageData): GpuTexture {
    return this.createTexture(image.width, image.height, 'rgba8unorm');
  }

  prepare(): Promise<void> {
    return Promise.resolve();
  }

  runPass(pass: PassSpec): void {
    const key = [
      pass.stage,
      pass.entry ?? 'main',
      ...(pass.epilogue ?? []).map((step) => `${step.stage}/${step.extraInputs}/${step.uniforms ? 1 : 0}`),
    ].join('+');
    const known = this.programs.get(key);
    if (!known) {
      const { stage, entry, epilogue } = pass;
      this.programs.set(key, { stage, entry, epilogue, formats: [pass.output.format] });
    } else if (!known.formats.includes(pass.output.format)) {
      known.formats.push(pass.output.format);
    }
  }

  present(): void {}

  copyInto(): void {}

  readPixels(): Promise<Uint8Array<ArrayBuffer>> {
    return Promise.resolve(new Uint8Array(0));
  }

  finish(): Promise<void> {
    return Promise.resolve();
  }

  validate<T>(work: () => T): Promise<T> {
    return Promise.resolve(work());
  }

  resourceCounts() {
    return { textures: 0, buffers: 0 };
  }

  loseContextForTest(): void {}

  destroy(): void {}
}

/**
 * The distinct programs `chain` runs on an image of `size`, in the order its passes first use them.
 * Extra textures (LUTs, masks) are stand-ins: a 2-point LUT's size, which no program depends on. A chain
 * that cannot be planned (a setting that fails a stage's checks) gives what was found before it failed.
 */
export function chainPrograms(
  chain: readonly StageInvocation[],
  size: { width: number; height: number },
  workgroupMemory: boolean,
): ProgramSpec[] {
  const recorder = new RecordingBackend(workgroupMemory);
  const runner = new StageRunner(recorder);
  const input = recorder.createTexture(size.width, size.height, 'rgba8unorm');
  const standIn = recorder.createTexture(4, 2, 'rgba8unorm');
  try {
    runner.run(input, chain, () => standIn);
  } catch {
    // What was recorded so far is still worth making early; the apply reports the failure.
  }
  return [...recorder.programs.values()];
}
