import { english } from '../../src/i18n/msg.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorkerMessage } from '../../src/engine/protocol.ts';
import { NO_FRAME } from '../../src/edit/frame.ts';

// Every request gets exactly one answer with its id, an error included: a request the worker refuses as
// malformed, or one that comes before there is an engine, is answered at once, so that nothing waits
// for the watchdog (which would restart the engine and lose what the worker held).

/** The worker's global, as dispatcher.ts uses it: what it posts is kept. */
const posted: FromWorkerMessage[] = [];
const worker = {
  postMessage: (message: FromWorkerMessage) => posted.push(message),
  onmessage: null as ((event: MessageEvent<unknown>) => void) | null,
};

function send(data: unknown): void {
  worker.onmessage?.({ data } as MessageEvent<unknown>);
}

/** The answers (not the logs) with this id. */
function answers(id: number): FromWorkerMessage[] {
  return posted.filter((message) => message.type !== 'log' && message.id === id);
}

const frame = (width: number, height: number) => ({
  turns: 0,
  flipH: false,
  flipV: false,
  angle: 45,
  rect: { x: 1999.98, y: 4.98, width, height },
});

describe("the worker's answers to what it cannot do", () => {
  beforeAll(async () => {
    Object.assign(globalThis, { self: worker });
    const { serve } = await import('../../src/engine/worker/dispatcher.ts');
    serve([]);
  });

  it('a crop of a frame under a pixel is answered at once with an error with its id, and only that', async () => {
    const cropped = { crop: frame(0.03, 1), steps: [], frame: NO_FRAME };
    send({ type: 'showEdit', id: 7, base: cropped, current: cropped });
    // At once: before any queued work could run.
    const answered = answers(7);
    expect(answered.map((answer) => [answer.type, answer.id])).toEqual([['error', 7]]);
    expect(answered[0]?.type === 'error' && english(answered[0].message)).toBe(
      'Image processing failed: the effect engine refused a malformed showEdit request.',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers(7)).toHaveLength(1);
  });

  it('a malformed message without an id (no caller waits) is only logged', () => {
    const before = posted.length;
    send({ type: 'showEdit', base: { crop: frame(0, 0), steps: [], frame: NO_FRAME } });
    send('nonsense');
    const after = posted.slice(before);
    expect(after.every((message) => message.type === 'log')).toBe(true);
    expect(after).toHaveLength(2);
  });

  it('says in its log where a message is malformed and why: the field and what it expected', () => {
    const before = posted.length;
    const edit = { crop: null, steps: [], frame: NO_FRAME };
    send({ type: 'showEdit', id: 11, base: edit, current: { ...edit, frame: { ...NO_FRAME, id: 'x' } } });
    send({ type: 'applyEffect', id: 12, effectId: 'ccd', settings: { strength: { nested: true } } });
    send({ type: 'noSuchRequest', id: 13 });
    send({ type: 'thumbnail', id: 14 });
    send(null);
    const logged = posted
      .slice(before)
      .flatMap((message) => (message.type === 'log' ? [message.message] : []));
    expect(logged).toHaveLength(5);
    expect(logged[0]).toMatch(/^Refusing a malformed request: current\.frame\.id: Invalid type: Expected /);
    expect(logged[1]).toMatch(/^Refusing a malformed request: settings\.strength: Invalid type: Expected /);
    expect(logged[2]).toBe('Refusing a malformed request: type: unknown message type "noSuchRequest"');
    // A message the worker sends is not one it takes.
    expect(logged[3]).toBe('Refusing a malformed request: type: unknown message type "thumbnail"');
    expect(logged[4]).toBe('Ignoring a malformed message: not a message (an object with a type)');
    expect(answers(12).map((answer) => answer.type)).toEqual(['error']);
  });

  it("a request that comes before the engine is answered with the catalogue's 'Image processor not ready.'", async () => {
    const edit = { crop: null, steps: [], frame: NO_FRAME };
    send({ type: 'showEdit', id: 8, base: edit, current: edit });
    send({ type: 'requestStats', id: 9 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers(8)).toEqual([{ type: 'error', id: 8, message: 'Image processor not ready.' }]);
    expect(answers(9)).toEqual([{ type: 'error', id: 9, message: 'Image processor not ready.' }]);
  });
});
