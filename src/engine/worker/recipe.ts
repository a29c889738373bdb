/**
 * A recipe in the worker: the whole edit made again from the photo as loaded (the crop of the original
 * when the recipe crops, else the photo as loaded), then its effects in order, as applies would make them.
 * The engine makes the result its base, one step of the history.
 */
import { croppedSize } from '../../crop/model/geometry.ts';
import { processingSize } from '../../pixels/processing-size.ts';
import type { GpuTexture } from '../backend.ts';
import type { ApplyRecipeMessage } from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import { cropAtSize, runSteps, type ScalableOriginal } from './crop.ts';
import type { EngineResources } from './resources.ts';

export async function makeRecipe(
  runner: StageRunner,
  resources: EngineResources,
  message: ApplyRecipeMessage,
  decode: (file: Blob) => Promise<ScalableOriginal>,
  taken: string,
): Promise<GpuTexture> {
  const { backend } = runner;
  let texture: GpuTexture;
  try {
    if (message.geometry) {
      const original = await decode(message.file);
      const crop = croppedSize(message.geometry);
      texture = await cropAtSize(
        runner,
        backend,
        original,
        message.geometry,
        processingSize(crop.width, crop.height),
      );
    } else if (message.image) {
      texture = runner.pool.adopt(backend.uploadImage(message.image));
    } else {
      throw new Error('the photo was not given');
    }
  } catch (error) {
    for (const step of message.effects) step.mask?.close();
    throw error;
  } finally {
    message.image?.close();
  }
  return runSteps(runner, resources, texture, message.effects, taken);
}
