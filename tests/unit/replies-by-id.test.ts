import { afterEach, describe, expect, it } from 'vitest';
import { EngineClient, WorkerReplyError } from '../../src/engine/client/engine-client.ts';
import type { FromWorkerMessage, ToWorkerMessage } from '../../src/engine/protocol.ts';
import { cropChosen, editRefused } from '../../src/session/edit-state.ts';
import { initialEditorState } from '../../src/session/editor-state.ts';
import { NO_FRAME } from '../../src/edit/frame.ts';
import { noCrop } from '../../src/crop/model/crop-choice.ts';
import type { RenderEdit } from '../../src/engine/protocol.ts';

const EMPTY: RenderEdit = { crop: null, steps: [], frame: NO_FRAME };

/** A stand-in for the worker: keeps what it is sent, answers when the test says. */
class FakeWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly sent: (ToWorkerMessage & { id?: number })[] = [];
  terminated = false;
  postMessage(message: ToWorkerMessage): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: FromWorkerMessage): void {
    this.onmessage?.({ data: message } as MessageEvent<unknown>);
  }
}

function client() {
  const worker = new FakeWorker();
  const heard: FromWorkerMessage[] = [];
  const engine = EngineClient.onWorker(worker as unknown as Worker, {
    onMessage: (message) => heard.push(message),
    onWorkerFailure: () => undefined,
  });
  return { worker, heard, engine };
}

describe('replies matched by id', () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it('gives each caller its own reply when two requests of a kind are answered out of order', async () => {
    const { worker, engine } = client();
    stop = () => engine.terminate();
    const first = engine.request({ type: 'requestImageBitmap', source: 'current' });
    const second = engine.request({ type: 'requestImageBitmap', source: 'currentBase' });
    const [a, b] = worker.sent;
    expect(a?.id).toBeTypeOf('number');
    expect(b?.id).toBeTypeOf('number');
    expect(a?.id).not.toBe(b?.id);
    const image = (name: string) => ({ name }) as unknown as ImageBitmap;
    worker.answer({ type: 'imageBitmapResponse', id: b?.id, image: image('second'), source: 'currentBase' });
    worker.answer({ type: 'imageBitmapResponse', id: a?.id, image: image('first'), source: 'current' });
    expect((await first).image).toEqual({ name: 'first' });
    expect((await second).image).toEqual({ name: 'second' });
  });

  it('answers the stats of two callers out of order, each its own', async () => {
    const { worker, engine } = client();
    stop = () => engine.terminate();
    const first = engine.requestStats();
    const second = engine.requestStats();
    const [a, b] = worker.sent;
    worker.answer({ type: 'stats', id: b?.id, textures: 2, buffers: 20, pooled: 1 });
    worker.answer({ type: 'stats', id: a?.id, textures: 1, buffers: 10 });
    expect(await first).toEqual({ textures: 1, buffers: 10, pooled: 0 });
    expect(await second).toEqual({ textures: 2, buffers: 20, pooled: 1 });
  });

  it('rejects the request an error answers, and only that one', async () => {
    const { worker, heard, engine } = client();
    stop = () => engine.terminate();
    const apply = engine.request({
      type: 'applyEffect',
      effectId: 'vibrance',
      settings: {},
      base: EMPTY,
      current: EMPTY,
    });
    const load = engine.request({ type: 'requestImageData', format: 'image/jpeg', quality: 0.9 });
    const [a, b] = worker.sent;
    worker.answer({ type: 'error', id: a?.id, message: 'Nothing to apply' });
    worker.answer({ type: 'imageData', id: b?.id, blob: null, format: 'image/jpeg' });
    await expect(apply).rejects.toThrow(WorkerReplyError);
    await expect(apply).rejects.toThrow('Nothing to apply');
    expect((await load).blob).toBeNull();
    // The editor's rules still hear both, after the callers.
    await Promise.resolve();
    // (imageData is its caller's only.)
    expect(heard.map((message) => message.type)).toEqual(['error']);
  });

  it('reports progress to its own request, and rejects what is left when the worker is gone', async () => {
    const { worker, engine } = client();
    const progress: number[] = [];
    const file = new Blob([new Uint8Array([1])]);
    const save = engine.exportFullResolution({
      file,
      processing: { width: 8, height: 8 },
      steps: [],
      quality: 0.9,
      onProgress: (fraction) => progress.push(fraction),
    });
    const stats = engine.requestStats();
    const [a] = worker.sent;
    worker.answer({ type: 'exportProgress', id: a?.id, progress: 0.5 });
    engine.terminate();
    expect(worker.terminated).toBe(true);
    expect(progress).toEqual([0.5]);
    expect((await save).error).toEqual({ id: 'the effect engine stopped' });
    await expect(stats).rejects.toThrow('the effect engine stopped');
  });

  it('sends every answered request with an id, and a message without a reply without one', () => {
    const { worker, engine } = client();
    stop = () => engine.terminate();
    engine.post({ type: 'showEdit', base: EMPTY, current: EMPTY });
    engine.post({ type: 'resetCanvasToBase' });
    expect(worker.sent[0]?.id).toBeTypeOf('number');
    expect(worker.sent[1]?.id).toBeUndefined();
  });

  it("an edit's error goes to its caller only: the editor's rule for an error (WorkerError) does not hear it", async () => {
    const { worker, heard, engine } = client();
    stop = () => engine.terminate();
    const geometry = {
      turns: 0,
      flipH: false,
      flipV: false,
      angle: 0,
      rect: { x: 0, y: 0, width: 1, height: 1 },
    } as const;
    const cropped = { ...EMPTY, crop: geometry };
    const crop = engine.request({ type: 'showEdit', base: cropped, current: cropped });
    const apply = engine.request({
      type: 'applyEffect',
      effectId: 'x',
      settings: {},
      base: EMPTY,
      current: EMPTY,
    });
    const [a, b] = worker.sent;
    worker.answer({ type: 'error', id: a?.id, message: 'Image processing failed: refused' });
    worker.answer({ type: 'error', id: b?.id, message: 'Unknown effect: x' });
    await expect(crop).rejects.toThrow(WorkerReplyError);
    await expect(apply).rejects.toThrow('Unknown effect: x');
    await Promise.resolve();
    expect(heard).toEqual([{ type: 'error', id: b?.id, message: 'Unknown effect: x' }]);
  });
});

describe('a crop the worker refused', () => {
  it('puts the editor back to the status it had, its history as it was, and says why', () => {
    const before = { ...initialEditorState(), workerStatus: 'effectComplete' as const };
    const busy = cropChosen(before, noCrop({ width: 40, height: 30 })).state;
    expect(busy.workerStatus).toBe('ApplyingEffect');
    expect(busy.history.entries).toHaveLength(2);
    const outcome = editRefused(busy, before, 'Image processing failed: refused');
    expect(outcome.state).toEqual(before);
    expect(outcome.commands).toEqual([
      { kind: 'notify', level: 'error', message: 'Image processing failed: refused' },
    ]);
  });
});
