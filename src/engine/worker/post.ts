/// <reference lib="webworker" />
/** What the worker sends the page outside a request's reply: any message, a log line, an error's text. */
import type { FromWorkerMessage } from '../protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

export function post(message: FromWorkerMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

export function log(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message });
}

/** An error's message, for a reply or a log line. */
export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
