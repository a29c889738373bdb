import { useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import type { SettingValue } from '../effects/types.ts';
import { isEngineKind } from '../engine/protocol.ts';
import { EffectList } from './components/EffectList.tsx';
import { NotificationBanner } from './components/NotificationBanner.tsx';
import { SettingsPanel } from './components/SettingsPanel.tsx';
import { createStore, Provider, useAtomValue } from './editor-jotai.ts';
import { editorStateAtom } from './state/atoms.ts';
import { draftSettingsAtom } from './state/drafts.ts';
import { canCommit, canRequestImage, canUpload, isBusy } from './state/editor-state.ts';
import { useEditorController } from './useEditorController.ts';

export default function EditorPage() {
  // One store per visit to the editor: leaving and coming back starts clean, like a fresh worker.
  const store = useMemo(() => createStore(), []);
  return (
    <Provider store={store}>
      <EditorScreen />
    </Provider>
  );
}

function EditorScreen() {
  const search = useSearch();
  const engineParam = new URLSearchParams(search).get('engine');
  const engine = isEngineKind(engineParam) ? engineParam : undefined;
  const canvasHost = useRef<HTMLDivElement>(null);
  const actions = useEditorController(canvasHost, engine);
  const state = useAtomValue(editorStateAtom);
  const drafts = useAtomValue(draftSettingsAtom);
  const busy = isBusy(state);
  const fileInput = useRef<HTMLInputElement>(null);

  const onSetting = (name: string, value: SettingValue) => actions.changeSetting(name, value);

  return (
    <div
      className="editor"
      data-testid="editor"
      data-worker-status={state.workerStatus}
      data-engine={state.engine ?? undefined}
    >
      <NotificationBanner />
      <aside className="sidebar sidebar-left">
        <EffectList
          selectedEffectId={state.selectedEffectId}
          disabled={busy || !state.isImageReadyInWorker}
          onSelect={actions.selectEffect}
        />
      </aside>
      <main className="canvas-area">
        <div
          className={`canvas-host zoom-${String(state.zoomLevel).replace('.', '_')}`}
          ref={canvasHost}
          onClick={actions.cycleZoom}
        />
        {busy && (
          <div className="processing-overlay" data-testid="processing-overlay" role="status">
            Processing
            <span className="dots" aria-hidden="true" />
          </div>
        )}
        {!state.isImageReadyInWorker && state.workerStatus !== 'LoadingImage' && (
          <div className="upload-overlay" data-testid="upload-overlay">
            <button
              type="button"
              className="button button-primary"
              onClick={() => fileInput.current?.click()}
            >
              Choose a photo
            </button>
            <p className="hint">JPG, PNG or WEBP. Your photo never leaves this device.</p>
          </div>
        )}
      </main>
      <aside className="sidebar sidebar-right">
        <SettingsPanel
          effectId={state.selectedEffectId}
          settings={{ ...state.currentSettings, ...drafts }}
          onChange={onSetting}
        />
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            data-testid="apply-button"
            disabled={!canCommit(state)}
            onClick={actions.commit}
          >
            Apply
          </button>
          <button
            type="button"
            className="button"
            data-testid="upload-button"
            disabled={!canUpload(state)}
            onClick={() => fileInput.current?.click()}
          >
            Upload New Image
          </button>
          <button
            type="button"
            className="button"
            data-testid="save-button"
            disabled={!canRequestImage(state)}
            onClick={() => void actions.save()}
          >
            Save Image
          </button>
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            data-testid="editor-upload-input"
            aria-label="Upload an image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void actions.loadFile(file);
            }}
          />
        </div>
      </aside>
    </div>
  );
}
