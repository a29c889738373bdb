/**
 * Connects the editor's state to the engine: starts the worker on a fresh canvas, turns worker messages
 * into transitions and notifications, and offers the user's commands as plain functions.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { findEffect } from '../effects/index.ts';
import { coerceSetting } from '../effects/settings.ts';
import { EngineClient, EngineSetupError } from '../engine/client/engine-client.ts';
import type { EngineKind, FromWorkerMessage } from '../engine/protocol.ts';
import { decodeImageFile } from '../intake/decode.ts';
import { downloadFileName, triggerDownload } from './download.ts';
import { useStore } from './editor-jotai.ts';
import { editorStateAtom, transitionAtom, type Transition } from './state/atoms.ts';
import { draftSettingsAtom } from './state/drafts.ts';
import {
  applyStarted,
  canCommit,
  canRequestImage,
  canUpload,
  changeSetting,
  isBusy,
  cycleZoom,
  imageLoadStarted,
  selectEffect,
  shouldAutoApply,
  statusReceived,
  workerFailed,
  workerInitStarted,
  type EditorState,
} from './state/editor-state.ts';
import { notifyAtom, type NotificationKind } from './state/notifications.ts';

export interface EditorActions {
  loadFile: (file: File) => Promise<void>;
  selectEffect: (effectId: string) => void;
  changeSetting: (name: string, raw: unknown) => void;
  commit: () => void;
  save: () => Promise<void>;
  cycleZoom: () => void;
}

export function useEditorController(
  host: RefObject<HTMLElement | null>,
  engine: EngineKind | undefined,
): EditorActions {
  const store = useStore();
  const clientRef = useRef<EngineClient | null>(null);

  const actions = useMemo(() => {
    const notify = (kind: NotificationKind, message: string) => store.set(notifyAtom, { kind, message });
    const state = () => store.get(editorStateAtom);

    const dispatch = (transition: Transition): EditorState => {
      let after = store.set(transitionAtom, transition);
      after = flushDrafts(after);
      maybeAutoApply(after);
      return after;
    };

    /** Hands setting changes made while busy to the state once the worker has settled. */
    const flushDrafts = (current: EditorState): EditorState => {
      const drafts = store.get(draftSettingsAtom);
      const effect = findEffect(current.selectedEffectId);
      if (isBusy(current) || Object.keys(drafts).length === 0) return current;
      store.set(draftSettingsAtom, {});
      if (!effect) return current;
      let after = current;
      for (const [name, value] of Object.entries(drafts)) {
        after = store.set(transitionAtom, (s) => changeSetting(s, effect, name, value));
      }
      return after;
    };

    const fail = (message: string) => {
      dispatch((s) => workerFailed(s, message));
      notify('error', message);
    };

    const maybeAutoApply = (current: EditorState) => {
      const client = clientRef.current;
      if (!client || !shouldAutoApply(current) || !current.selectedEffectId) return;
      const effectId = current.selectedEffectId;
      const settings = current.currentSettings;
      store.set(transitionAtom, (s) => applyStarted(s, effectId, settings));
      client.applyEffect(effectId, settings);
    };

    const onMessage = (message: FromWorkerMessage) => {
      switch (message.type) {
        case 'status': {
          if (message.status === 'ContextLost' || message.status === 'ContextRestoring') {
            console.warn(`Effect engine: ${message.status}${message.message ? ` (${message.message})` : ''}`);
          }
          const after = dispatch((s) => statusReceived(s, message));
          if (message.status === 'WorkerError' && after.errorMessage) notify('error', after.errorMessage);
          return;
        }
        case 'error':
          fail(message.message || 'Unknown worker error');
          return;
        default:
          return;
      }
    };

    return {
      start(canvas: HTMLCanvasElement) {
        dispatch(workerInitStarted);
        try {
          clientRef.current = EngineClient.start(
            canvas,
            { onMessage, onWorkerFailure: (message) => fail(message) },
            engine,
          );
        } catch (error) {
          fail(error instanceof EngineSetupError ? error.message : 'Failed to initialize worker resources.');
        }
      },
      stop() {
        clientRef.current?.terminate();
        clientRef.current = null;
      },
      editor: {
        async loadFile(file: File) {
          const client = clientRef.current;
          if (!client || !canUpload(state())) {
            console.warn('Upload ignored: the worker is not ready or busy');
            return;
          }
          let decoded;
          try {
            decoded = await decodeImageFile(file);
          } catch {
            notify('error', 'Failed to load image file');
            return;
          }
          const after = dispatch((s) =>
            imageLoadStarted(s, {
              imageUrl: null,
              processingWidth: decoded.processing.width,
              processingHeight: decoded.processing.height,
              originalWidth: decoded.original.width,
              originalHeight: decoded.original.height,
            }),
          );
          if (after.workerStatus !== 'LoadingImage') {
            decoded.bitmap.close();
            return;
          }
          client.loadImage(decoded.bitmap, decoded.processing, decoded.original);
        },
        selectEffect(effectId: string) {
          const effect = findEffect(effectId);
          if (!effect) return;
          store.set(draftSettingsAtom, {});
          dispatch((s) => selectEffect(s, effect));
        },
        changeSetting(name: string, raw: unknown) {
          const effect = findEffect(state().selectedEffectId);
          const definition = effect?.settings.find((s) => s.name === name);
          if (!effect || !definition) return;
          const value = coerceSetting(definition, raw);
          if (value === undefined) return;
          if (isBusy(state())) {
            store.set(draftSettingsAtom, (drafts) => ({ ...drafts, [name]: value }));
            return;
          }
          dispatch((s) => changeSetting(s, effect, name, value));
        },
        commit() {
          const client = clientRef.current;
          if (!client) {
            notify('warning', 'Cannot commit: Worker not available.');
            return;
          }
          if (!canCommit(state())) {
            console.warn('Commit ignored: no applied effect to commit');
            return;
          }
          client.post({ type: 'commitEffect' });
        },
        async save() {
          const client = clientRef.current;
          const current = state();
          if (!client || !canRequestImage(current)) {
            notify('error', 'Image processor not ready.');
            return;
          }
          notify('info', 'Preparing image...');
          const result = await client.requestImageData(0.9);
          if (!result.blob) {
            notify('error', 'Failed to generate image data.');
            return;
          }
          try {
            triggerDownload(result.blob, downloadFileName(current.lastAppliedEffectId, new Date()));
            notify('success', 'Download started!');
          } catch (error) {
            notify('error', `Download failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        },
        cycleZoom() {
          if (!state().isImageReadyInWorker) return;
          dispatch(cycleZoom);
        },
      } satisfies EditorActions,
    };
  }, [store, engine]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    // A fresh canvas per mount: a canvas can hand its control to a worker only once.
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'main-canvas';
    canvas.className = 'main-canvas';
    canvas.setAttribute('aria-label', 'Edited image');
    canvas.setAttribute('role', 'img');
    container.append(canvas);
    actions.start(canvas);
    return () => {
      actions.stop();
      canvas.remove();
    };
  }, [actions, host]);

  return actions.editor;
}
