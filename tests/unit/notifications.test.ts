// The notices' stack: the same words again move to the top instead of stacking up, also when the words
// are a message with values (each a new value, equal only in what it says).
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { english, msg } from '../../src/i18n/msg.ts';
import { notificationsAtom, notifyAtom, UNTIL_NEXT } from '../../src/ui/notifications.ts';

describe('the notices', () => {
  it('keep one of the same words, a message with values included; other words stack', () => {
    const store = createStore();
    const applied = () => msg('Applied {effect}.', { effect: 'CCD' });
    store.set(notifyAtom, { kind: 'info', message: applied() });
    store.set(notifyAtom, { kind: 'info', message: applied() });
    expect(store.get(notificationsAtom)).toHaveLength(1);
    store.set(notifyAtom, { kind: 'info', message: msg('Applied {effect}.', { effect: 'Nokia' }) });
    store.set(notifyAtom, { kind: 'info', message: applied() });
    expect(store.get(notificationsAtom)).toHaveLength(2);
    expect(store.get(notificationsAtom).at(-1)?.message).toEqual(applied());
  });

  it('let work in progress give way to what is said next, its outcome, and keep the rest', () => {
    const store = createStore();
    const undo = { label: 'Undo', run: () => undefined };
    store.set(notifyAtom, { kind: 'info', message: 'Deleted the recipe "A".', action: undo });
    store.set(notifyAtom, { kind: 'info', message: 'Preparing image...', durationMs: UNTIL_NEXT });
    expect(store.get(notificationsAtom).map((n) => n.message)).toEqual([
      'Deleted the recipe "A".',
      'Preparing image...',
    ]);
    store.set(notifyAtom, { kind: 'success', message: 'Download started!' });
    expect(store.get(notificationsAtom).map((n) => n.message)).toEqual([
      'Deleted the recipe "A".',
      'Download started!',
    ]);
    // Nothing said next: it closes by itself like any notice.
    store.set(notifyAtom, { kind: 'info', message: 'Preparing image...', durationMs: UNTIL_NEXT });
    expect(store.get(notificationsAtom).at(-1)?.durationMs).toBe(5000);
  });

  it('past the three on screen keep the errors and the Undos waiting, and drop older plain news', () => {
    const store = createStore();
    const undo = { label: 'Undo', run: () => undefined };
    store.set(notifyAtom, { kind: 'error', message: 'The photo could not be read.' });
    store.set(notifyAtom, { kind: 'info', message: 'Deleted the recipe "A".', action: undo });
    store.set(notifyAtom, { kind: 'success', message: 'Applied Collage.' });
    for (const effect of ['CCD', 'Nokia', 'Filters'])
      store.set(notifyAtom, { kind: 'success', message: msg('Applied {effect}.', { effect }) });
    expect(store.get(notificationsAtom).map((n) => english(n.message))).toEqual([
      'The photo could not be read.',
      'Deleted the recipe "A".',
      'Applied CCD.',
      'Applied Nokia.',
      'Applied Filters.',
    ]);
  });
});
