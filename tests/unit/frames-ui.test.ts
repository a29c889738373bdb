import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../src/ui/jotai.ts';
import type { EngineClient } from '../../src/engine/client/engine-client.ts';
import { NO_FRAME, type FrameChoice } from '../../src/edit/frame.ts';
import { FRAME_IDS } from '../../src/frames/model/frames.ts';
import { printLayout } from '../../src/frames/model/layout.ts';
import { frameAtom } from '../../src/frames/ui/frame-atom.ts';
import { FrameController, TEXT_QUIET_MS } from '../../src/frames/ui/frame-controller.ts';
import { photoWindowStyles } from '../../src/frames/ui/photo-window.ts';
import { editorStateAtom } from '../../src/session/state-atom.ts';
import type { EditorState, Outcome } from '../../src/session/editor-state.ts';
import { committed } from '../../src/session/edit-state.ts';

// The frame choice's editor side: typing a caption redraws the print once the typing rests, not per key;
// what lies over the photo on screen (the smart blur's drawing) sits over the photo's window in the print.

describe('typing a caption', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp() {
    const store = createStore();
    const posted: FrameChoice[] = [];
    const client = {
      post: (message: { type: string; frame: FrameChoice }) => posted.push(message.frame),
    } as unknown as EngineClient;
    // The editor's loop, as far as the frame goes: a rule's state, then its 'frame' command.
    const loop: { frames?: FrameController } = {};
    const run = (transition: (state: EditorState) => Outcome) => {
      const outcome = transition(store.get(editorStateAtom));
      store.set(editorStateAtom, outcome.state);
      if (outcome.commands.some((command) => command.kind === 'frame')) loop.frames?.sync();
      return outcome.state;
    };
    const frames = (loop.frames = new FrameController({
      store,
      client: () => client,
      state: () => store.get(editorStateAtom),
      run,
    }));
    return { store, posted, frames };
  }

  it('is in force at every key, and the worker draws the print once when the typing rests', () => {
    const { store, posted, frames } = setUp();
    frames.change({ id: 'instant-square' });
    expect(posted.map((f) => f.id)).toEqual(['instant-square']);
    const text = 'A day at the sea, 1999';
    for (let i = 1; i <= text.length; i++) {
      frames.change({ caption: text.slice(0, i) });
      expect(store.get(frameAtom).caption).toBe(text.slice(0, i));
      vi.advanceTimersByTime(TEXT_QUIET_MS / 4);
    }
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(TEXT_QUIET_MS);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual({ ...NO_FRAME, id: 'instant-square', caption: text });
    // One visit to the choice, one version of the edit: Undo takes the whole print back.
    expect(store.get(editorStateAtom).history.entries).toHaveLength(2);
    expect(committed(store.get(editorStateAtom)).frame.caption).toBe(text);
  });

  it('a frame chosen while typing is drawn at once, the text with it', () => {
    const { posted, frames } = setUp();
    frames.change({ id: 'instant-mini' });
    frames.change({ caption: 'Hi' });
    frames.change({ id: 'instant-wide' });
    expect(posted.at(-1)).toEqual({ ...NO_FRAME, id: 'instant-wide', caption: 'Hi' });
    vi.advanceTimersByTime(2 * TEXT_QUIET_MS);
    expect(posted).toHaveLength(2);
  });
});

describe('the drawing over the photo', () => {
  const PHOTOS = [
    { width: 768, height: 512 },
    { width: 512, height: 768 },
  ];
  const pct = (value: unknown) => Number(String(value).replace('%', '')) / 100;

  it('without a frame lies over the whole canvas', () => {
    expect(photoWindowStyles(NO_FRAME, PHOTOS[0]!)).toBeNull();
  });

  for (const id of FRAME_IDS.filter((id) => id !== 'none')) {
    it(`${id}: each photo pixel lies where the print shows it`, () => {
      for (const photo of PHOTOS) {
        const frame = { ...NO_FRAME, id };
        const layout = printLayout(frame, photo)!;
        const styles = photoWindowStyles(frame, photo)!;
        // On a canvas shown at the print's own size: the window's box, then the photo's box in it.
        const win = {
          x: pct(styles.window.left) * layout.width,
          y: pct(styles.window.top) * layout.height,
          width: pct(styles.window.width) * layout.width,
          height: pct(styles.window.height) * layout.height,
        };
        const at = {
          x: win.x + pct(styles.photo.left) * win.width,
          y: win.y + pct(styles.photo.top) * win.height,
          width: pct(styles.photo.width) * win.width,
          height: pct(styles.photo.height) * win.height,
        };
        expect(at.width).toBeCloseTo(photo.width, 6);
        expect(at.height).toBeCloseTo(photo.height, 6);
        // The print's window shows the photo's pixel (crop.x + i, crop.y + j) at (window.x + i, window.y + j).
        for (const [i, j] of [
          [0, 0],
          [layout.window.width - 1, layout.window.height - 1],
        ] as const) {
          expect(at.x + layout.crop.x + i).toBeCloseTo(layout.window.x + i, 6);
          expect(at.y + layout.crop.y + j).toBeCloseTo(layout.window.y + j, 6);
        }
        for (const key of ['x', 'y', 'width', 'height'] as const)
          expect(win[key], key).toBeCloseTo(layout.window[key], 6);
        expect(styles.window.overflow).toBe('hidden');
      }
    });
  }
});
