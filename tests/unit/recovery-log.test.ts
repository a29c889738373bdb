import { describe, expect, it } from 'vitest';
import { RecoveryLog, type EffectStep } from '../../src/editor/recovery.ts';

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
