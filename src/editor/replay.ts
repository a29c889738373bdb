/**
 * Replaying the recovery log on a fresh worker (after a crash, a lost context or the engine switch): the photo, each step of
 * its committed history in order, the undone steps undone again (so Redo works), then the effect on
 * screen. Also the two requests the session and the replay both send, a crop and an apply, each handing
 * its masks over.
 */
import type { EngineClient } from '../engine/client/engine-client.ts';
import type { FullResolutionStep, StatusMessage } from '../engine/protocol.ts';
import {
  workerSteps,
  type CropStep,
  type EffectStep,
  type RecipeLogStep,
  type RecoveryLog,
  type Source,
} from './recovery.ts';
import { historyOf } from './state/worker-rules.ts';
import type { UserResources } from './user-resources.ts';

/**
 * Replays `log` on `client`; returns the last status it answered with (null: no photo). Stops between
 * steps once `current` says the replay has been overtaken (another recovery started).
 */
export async function replayLog(
  client: EngineClient,
  log: RecoveryLog,
  resources: UserResources,
  current: () => boolean,
): Promise<StatusMessage | null> {
  const source = log.source;
  if (!source) return null;
  await resources.restore(client);
  const image = await createImageBitmap(source.image);
  let last = await client.loadImage(image, source.processing, source.original, source.taken);
  const steps = log.steps;
  for (const [index, step] of steps.entries()) {
    if (!current()) return last;
    if (step.kind === 'effect') {
      await replayEffect(client, step);
      last = await client.request({ type: 'commitEffect' });
    } else if (step.kind === 'recipe') {
      last = await postRecipe(client, source, step);
    } else if (step.kind === 'crop') {
      last = await postCrop(client, source.file, step, await workerSteps(log.effectsBefore(index) ?? []));
    } else {
      const copy = await createImageBitmap(step.image);
      last = await client.request(
        { type: 'replaceBaseImage', image: copy, width: step.width, height: step.height, step: step.step },
        [copy],
      );
    }
  }
  // Steps after the undo position were undone: replay them, then undo them again, so redo works.
  for (let i = log.position; i < steps.length; i++) {
    last = await client.request({ type: 'undo' });
  }
  if (log.current) {
    const status = await replayEffect(client, log.current);
    last = { ...status, ...historyOf(last) };
  }
  return last;
}

async function replayEffect(client: EngineClient, step: EffectStep): Promise<StatusMessage> {
  return postApply(client, step, step.mask ? await createImageBitmap(step.mask) : null);
}

/** Sends a crop; the worker takes the masks. Resolves with its commitSuccess. */
export function postCrop(
  client: EngineClient,
  file: Blob,
  step: CropStep,
  effects: FullResolutionStep[],
): Promise<StatusMessage> {
  const masks = effects.flatMap((effect) => (effect.mask ? [effect.mask] : []));
  return client.request(
    { type: 'cropImage', file, geometry: step.choice.geometry, step: step.step, effects },
    masks,
  );
}

/** Sends a recipe, made from the photo as loaded (its original, when it crops). Resolves with its commitSuccess. */
export async function postRecipe(
  client: EngineClient,
  source: Source,
  step: RecipeLogStep,
): Promise<StatusMessage> {
  const effects = await workerSteps(step.effects);
  const image = step.crop ? null : await createImageBitmap(source.image);
  const masks = effects.flatMap((effect) => (effect.mask ? [effect.mask] : []));
  return client.request(
    {
      type: 'applyRecipe',
      file: source.file,
      step: step.step,
      effects,
      ...(step.crop ? { geometry: step.crop.geometry } : {}),
      ...(image ? { image } : {}),
    },
    image ? [image, ...masks] : masks,
  );
}

/** Sends an apply; the worker takes the mask. Resolves with its effectComplete. */
export function postApply(
  client: EngineClient,
  step: Pick<EffectStep, 'effectId' | 'settings'>,
  mask: ImageBitmap | null,
): Promise<StatusMessage> {
  return client.request(
    {
      type: 'applyEffect',
      effectId: step.effectId,
      settings: step.settings,
      ...(mask ? { freehandMaskImageBitmap: mask } : {}),
    },
    mask ? [mask] : [],
  );
}
