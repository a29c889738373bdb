// The notices' stack: the same words again move to the top instead of stacking up, also when the words
// are a message with values (each a new value, equal only in what it says).
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { msg } from '../../src/i18n/msg.ts';
import { notificationsAtom, notifyAtom } from '../../src/ui/notifications.ts';

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
});
