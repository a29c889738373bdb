/**
 * What the editor hands a feature (the crop, the collage, the recipes, the frames): one narrow interface,
 * so that a feature plugs into the editor without importing it. The editor (src/editor/controller.ts)
 * makes one host and passes it to each feature's controller; a feature that needs one more thing of the
 * editor (the crop's request to the engine, the collage's new base) names it in its own host, which
 * extends this one, and the editor provides it there.
 */
import type { Shown } from '../i18n/msg.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';
import type { Store } from '../ui/jotai.ts';
import type { NotificationKind, Notify } from '../ui/notifications.ts';
import type { EditorState, Outcome } from './editor-state.ts';
import type { Source } from './photo-source.ts';

export type { Notify };

/** A rule of the editor: the new state and the commands it asks for. */
export type Transition = (state: EditorState) => Outcome;

export interface FeatureHost {
  /** The editor's store, where a feature keeps its own atoms. */
  readonly store: Store;
  /** The editor's state now. */
  state(): EditorState;
  /** Runs a transition: its new state, its commands, then the follow-ups every change may trigger. */
  run(transition: Transition): EditorState;
  /** Tells the user something (a banner). */
  readonly notify: Notify;
  /** The photo as loaded (null before one is); the edit on it is the state's (edit-state.ts). */
  photo(): Source | null;
  /**
   * Has the worker show the state's edit (after a rule made a new version of it). Rejects with the
   * worker's error (a WorkerReplyError: it still shows what it showed), or when the worker stopped first.
   */
  showEdit(): Promise<void>;
  /** The engine running now; null while there is none (before the start, between two workers). */
  client(): EngineClient | null;
}

export type Made = { blob: Blob } | { cancelled: string } | { failed: string };

/** A save a feature asks the editor for (src/editor/saving.ts `runSave` carries it out). */
export interface SaveJob {
  /** The info message while the file is made. */
  preparing: string;
  /** Makes the file. */
  make(): Promise<Made>;
  /** The step the file is named after (an effect id), null for the photo as loaded. */
  step: string | null;
  /** Said once the download has started. */
  done: { kind: NotificationKind; message: Shown };
  /** The error's prefix when making or handing over throws ('Download failed'). */
  failure: string;
  /** Marks the save as running, and then as over. */
  busy(on: boolean): void;
}
