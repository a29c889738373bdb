/**
 * When the worker's idle work (the self-test, thumbnails) may start: never in the way of what the page
 * is about to ask for, a photo it decodes or the apply that follows a load.
 */
import type { ToWorkerMessage } from '../protocol.ts';

/** After a load whose apply follows at once, idle work waits at most this long for the apply. */
const APPLY_FOLLOWS_MS = 2000;

/**
 * Until when idle work is held after `message`: the page's own hold (it decodes a photo), the apply said
 * to follow a load, and no longer once the photo, or the apply (or an edit shown before it) has come.
 */
export function heldAfter(message: ToWorkerMessage, held: number, now: number): number {
  if (message.type === 'holdIdleWork') return now + message.ms;
  if (message.type === 'loadImage') return message.thenApply ? now + APPLY_FOLLOWS_MS : 0;
  return message.type === 'applyEffect' || message.type === 'showEdit' ? 0 : held;
}

/** The longest idle work waits for a frame callback before it goes on without one. */
export const FRAME_WAIT_MS = 100;

/**
 * Without a photo yet, the self-test waits this long after the last message: a photo the page chose
 * before it said so (a hand-over at start) comes first, so that the test does not hold it up.
 */
export const PHOTO_FIRST_MS = 1500;

/**
 * After a message (an apply, a load), idle work waits this long, so that its frame is surely shown
 * first.
 */
export const AFTER_MESSAGE_MS = 120;
