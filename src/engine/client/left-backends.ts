/**
 * The backends left for this browser tab because their self-tests drew wrong: kept in
 * sessionStorage, so that the editor, the camera and a reload all start past them when the choice is
 * automatic. A GPU that draws wrong keeps drawing wrong; a new tab tries it again.
 */
import { msg, type Message } from '../../i18n/msg.ts';
import { LEFT_ONE_CPU_TEMPLATE, LEFT_ONE_TEMPLATE, LEFT_TWO_CPU_TEMPLATE } from '../../i18n/templates.ts';
import { isEngineKind, type EngineKind } from '../protocol.ts';

const KEY = 'retrocam-left-backends';

/** The backends left, in the order they were left. */
export function leftBackends(): EngineKind[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEngineKind) : [];
  } catch {
    // No storage (a sandboxed frame, storage off): nothing was left, or it cannot be remembered.
    return [];
  }
}

/** Remembers that `kind` drew its self-test wrong. */
export function leaveBackend(kind: EngineKind): void {
  const left = leftBackends();
  if (left.includes(kind)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...left, kind]));
  } catch {
    // Not remembered: this page still moves on (its session keeps the worker it moved to).
  }
}

/** Said once, where GPU backends drew the self-test wrong and another runs instead. */
export function leftBackendsNotice(running: EngineKind): Message {
  const name = { webgpu: 'WebGPU', webgl2: 'WebGL2', cpu: 'CPU' };
  const [first = running, second] = leftBackends().map((kind) => name[kind]);
  if (running !== 'cpu') return msg(LEFT_ONE_TEMPLATE, { left: first, running: name[running] });
  if (second === undefined) return msg(LEFT_ONE_CPU_TEMPLATE, { left: first });
  return msg(LEFT_TWO_CPU_TEMPLATE, { first, second });
}
