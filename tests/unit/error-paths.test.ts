// Error catalogue paths that no page can cause (spec section 8), and the rule that notifications never carry
// a stack trace.
import { createStore } from 'jotai/vanilla';
import { describe, expect, it, vi } from 'vitest';
import { CollageController, type CollageHost } from '../../src/collage/ui/collage-controller.ts';
import { EditorController } from '../../src/editor/controller.ts';
import { cleanMessage, EngineClient, EngineSetupError } from '../../src/engine/client/engine-client.ts';
import { initialEditorState } from '../../src/session/editor-state.ts';
import type { Store } from '../../src/ui/jotai.ts';
import { english } from '../../src/i18n/msg.ts';
import { notificationAtom } from '../../src/ui/notifications.ts';

/** The collage's host with a worker there and nothing loaded: what the editor would hand it. */
function collageHost(store: Store, notify: CollageHost['notify']): CollageHost {
  return {
    store,
    state: () => initialEditorState(),
    run: vi.fn(),
    update: vi.fn(),
    notify,
    photo: () => null,
    showEdit: vi.fn(),
    client: () => ({}) as EngineClient,
    replaceBase: vi.fn(),
    save: vi.fn(),
  };
}

describe('engine start', () => {
  it('without a canvas: Canvas element unavailable.', () => {
    const events = { onMessage: vi.fn(), onWorkerFailure: vi.fn() };
    expect(() => EngineClient.start(null, events)).toThrow(
      new EngineSetupError('Canvas element unavailable.'),
    );
    expect(events.onWorkerFailure).not.toHaveBeenCalled();
  });
});

describe('saving before the engine is there', () => {
  it('says the image processor is not ready', async () => {
    const store = createStore();
    const controller = new EditorController(store);
    await controller.save();
    expect(store.get(notificationAtom)).toMatchObject({
      kind: 'error',
      message: 'Image processor not ready.',
    });
  });

  it('the collage, before its editor is ready, says so on save and on apply', async () => {
    const store = createStore();
    const notify = vi.fn();
    const collage = new CollageController(collageHost(store, notify));
    await collage.save();
    await collage.commit();
    expect(notify.mock.calls).toEqual([
      ['error', 'Collage editor not ready.'],
      ['error', 'Collage editor not ready.'],
    ]);
  });
});

describe('cleanMessage', () => {
  it('keeps the first line and drops a stack frame', () => {
    const error = new Error('Image processing failed: device lost');
    expect(cleanMessage(error.stack ?? '')).toBe('Error: Image processing failed: device lost');
    expect(
      cleanMessage('Image processing failed: x\n    at run (worker.js:10:5)\n    at next (a.js:1:1)'),
    ).toBe('Image processing failed: x');
    expect(cleanMessage('Worker error: bad at step (https://host/assets/worker.js:1:2)')).toBe(
      'Worker error: bad',
    );
  });

  it('never leaves an empty or endless message', () => {
    expect(cleanMessage('')).toBe('Unknown worker error');
    expect(cleanMessage('\n  at x (y.js:1:1)')).toBe('Unknown worker error');
    const long = english(cleanMessage(`Image processing failed: ${'x'.repeat(500)}`));
    expect(long.length).toBe(240);
    expect(long.endsWith('...')).toBe(true);
  });
});

describe('collage selection (section 4)', () => {
  it('selection changes on the collage canvas are reported to the adjustment panel', async () => {
    const { collageSelectionAtom } = await import('../../src/collage/ui/selection-atom.ts');
    const store = createStore();
    const collage = new CollageController(collageHost(store, vi.fn()));
    const several = {
      kind: 'several',
      count: 2,
    } as const;
    collage.events.onSelection(several);
    expect(store.get(collageSelectionAtom)).toEqual(several);
    collage.detach(null);
    expect(store.get(collageSelectionAtom)).toEqual({ kind: 'none' });
  });
});
