import { describe, expect, it } from 'vitest';
import { cropStepId, cropStepName, noCrop, type CropChoice } from '../../src/crop/model/crop-choice.ts';
import { RecoveryLog, type CropStep, type EffectStep } from '../../src/editor/recovery.ts';

/** Stands in for an ImageBitmap: the log only ever closes its bitmaps. */
function bitmap(): ImageBitmap {
  return { width: 2, height: 2, close: () => undefined };
}

function effect(effectId: string): EffectStep {
  return { kind: 'effect', effectId, settings: {}, mask: null };
}

function loadedLog(): RecoveryLog {
  const log = new RecoveryLog();
  log.loaded({
    image: bitmap(),
    processing: { width: 1080, height: 720 },
    original: { width: 6000, height: 4000 },
    file: new Blob([]),
  });
  return log;
}

function applyAndCommit(log: RecoveryLog, step: EffectStep) {
  log.applying(step);
  log.applied();
  log.committed();
}

describe('what a full-resolution export replays', () => {
  it('the committed effects in order, then the one on screen', () => {
    const log = loadedLog();
    applyAndCommit(log, effect('pg2016'));
    applyAndCommit(log, effect('jpegSimulation'));
    log.applying(effect('vibrance'));
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016', 'jpegSimulation']);
    log.applied();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016', 'jpegSimulation', 'vibrance']);
  });

  it('leaves out what was undone, and what a reset took off the canvas', () => {
    const log = loadedLog();
    applyAndCommit(log, effect('pg2016'));
    applyAndCommit(log, effect('ccdEffect'));
    log.undone();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016']);
    log.applying(effect('vibrance'));
    log.applied();
    log.reset();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016']);
    log.redone();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016', 'ccdEffect']);
  });

  it('has nothing to replay over a collage, which was made at the preview size', () => {
    const log = loadedLog();
    applyAndCommit(log, effect('pg2016'));
    log.replaced({ kind: 'image', image: bitmap(), width: 800, height: 600, step: 'collageEffect' });
    applyAndCommit(log, effect('vibrance'));
    expect(log.effectsSinceLoad()).toBeNull();
    // Undoing back past the collage makes the photo's own effects replayable again.
    log.undone();
    log.undone();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016']);
  });
});

describe('a crop in the log (issue 37)', () => {
  const photo = { width: 6000, height: 4000 };
  const crop = (aspect: CropChoice['aspect'], width: number): CropStep => {
    const choice: CropChoice = {
      ...noCrop(photo),
      aspect,
      geometry: { ...noCrop(photo).geometry, rect: { x: 0, y: 0, width, height: 4000 } },
    };
    return { kind: 'crop', choice, step: cropStepId(choice) };
  };

  it('is in force once applied, the latest one winning, and not after it is undone', () => {
    const log = loadedLog();
    expect(log.crop()).toBeNull();
    log.cropped(crop('1-1', 4000));
    expect(log.crop()?.aspect).toBe('1-1');
    log.cropped(crop('4-5', 3200));
    expect(log.crop()?.aspect).toBe('4-5');
    log.undone();
    expect(log.crop()?.aspect).toBe('1-1');
    log.undone();
    expect(log.crop()).toBeNull();
    log.redone();
    expect(log.crop()?.geometry.rect.width).toBe(4000);
  });

  it('commits the effect on screen before it, and the export replays the effects, not the crop', () => {
    const log = loadedLog();
    applyAndCommit(log, effect('pg2016'));
    log.applying(effect('vibrance'));
    log.applied();
    log.cropped(crop('1-1', 4000));
    expect(log.steps.map((s) => s.kind)).toEqual(['effect', 'effect', 'crop']);
    expect(log.current).toBeNull();
    expect(log.effectsSinceLoad()?.map((s) => s.effectId)).toEqual(['pg2016', 'vibrance']);
    expect(log.effectsBefore(1)?.map((s) => s.effectId)).toEqual(['pg2016']);
  });

  it('names its step by the aspect the frame shows', () => {
    const turned: CropChoice = { ...noCrop(photo), aspect: '4-5', aspectTurned: true };
    expect(cropStepId(turned)).toBe('crop-5-4');
    expect(cropStepName(cropStepId(turned))).toBe('Crop 5:4');
    expect(cropStepName(cropStepId({ ...turned, aspect: 'free' }))).toBe('Crop');
    expect(cropStepName(cropStepId({ ...turned, aspect: 'original' }))).toBe('Crop Original');
    expect(cropStepName('pg2016')).toBeNull();
  });
});
