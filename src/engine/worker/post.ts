/// <reference lib="webworker" />
/** What the worker sends the page outside a request's reply: any message, a log line, an error's text. */
import type { FromWorkerMessage } from '../protocol.ts';
import { shownOf, type Message } from '../../i18n/msg.ts';

declare const self: DedicatedWorkerGlobalScope;

export function post(message: FromWorkerMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

export function log(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message });
}

/** Why something failed, for a reply: the message an error carries, else its own text. */
export function reason(error: unknown): Message {
  return shownOf(error);
}

/** An error's English text, for a log line. */
export function logText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
