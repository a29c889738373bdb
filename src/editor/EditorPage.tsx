import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PhotoWindow } from '../frames/ui/PhotoWindow.tsx';
import { FramePlacer } from '../frames/ui/FramePlacer.tsx';
import { useSearch } from 'wouter';
import { findEffect } from '../effects/index.ts';
import type { SettingValue } from '../effects/types.ts';
import type { CameraShot } from '../camera/ui/CameraView.tsx';
import { cameraOptions, LazyCameraView } from '../camera/ui/entry.ts';
import { isEngineKind } from '../engine/protocol.ts';
import { ARRIVAL_FORMATS, receiveArrivals } from '../intake/arrivals.ts';
import { firstStepOf } from '../intake/handoff.ts';
import { acceptAttribute, EDITOR_FORMATS } from '../intake/formats.ts';
import { NO_FILE_MESSAGE, SHARE_REFUSED_MESSAGE } from '../intake/messages.ts';
import { listenForPastedFiles } from '../intake/paste.ts';
import type { CommandUi } from './commands.ts';
import { MODAL_VIEWS, useEditorKeys } from './editor-keys.ts';
import { ActionBar } from './components/ActionBar.tsx';
import { BatchPanel } from './components/BatchPanel.tsx';
import { CanvasStage } from './components/CanvasStage.tsx';
import { DrawingOverlay } from './components/DrawingOverlay.tsx';
import { EffectList } from './components/EffectList.tsx';
import { EngineChoice } from './components/EngineChoice.tsx';
import { EditSteps } from './components/EditSteps.tsx';
import { SharePanel } from './components/SharePanel.tsx';
import { HiddenFileInput } from '../ui/components/HiddenFileInput.tsx';
import { NotificationBanner } from './components/NotificationBanner.tsx';
import { LookPanel } from './components/LookPanel.tsx';
import { ShortcutsDialog } from './components/ShortcutsDialog.tsx';
import { EditorController } from './controller.ts';
import { cropOpenAtom } from '../crop/ui/crop-controller.ts';
import { createStore, Provider, useAtomValue, type Store } from '../ui/jotai.ts';
import { isPhone, layoutMode } from '../ui/canvas-layout.ts';
import { frameOpenAtom } from '../frames/ui/frame-controller.ts';
import { useToolNeed } from './phone-layout.ts';
import { useFocusKeeper } from './focus-keeper.ts';
import { createLinkWriter, lookQuery, parseLookLink, withLook } from '../session/look-link.ts';
import { committed, linkEdit, openStepIsKept } from '../session/edit-state.ts';
import { parseRecipeLink } from '../recipes/model/files.ts';
import { RecipesPanel } from '../recipes/ui/RecipesPanel.tsx';
import { useEditorState } from './state/atoms.ts';
import { draftEffectAtom, draftSettingsAtom } from './state/drafts.ts';
import { isBusy, isCollage, type EditorState } from '../session/editor-state.ts';
import { notifyAtom, type Notification } from '../ui/notifications.ts';
import { rememberedSaveOptions } from '../ui/atoms.ts';
import { collageSelectionAtom } from '../collage/ui/selection-atom.ts';
import { testOptions } from '../ui/test-hooks.ts';
import { installTestHooks } from './editor-test-hooks.ts';
import { useViewport } from '../ui/useViewport.ts';
import './EditorPage.css';
import { LanguageSelect } from '../i18n/LanguageSelect.tsx';
import { useT } from '../i18n/use-t.ts';

// The crop tool loads when it is opened.
const CropTool = lazy(() => import('../crop/ui/CropTool.tsx'));

// The collage's UI loads when the collage is chosen, not with the editor.
const CollagePanel = lazy(() =>
  import('../collage/ui/collage-ui.ts').then((m) => ({ default: m.CollagePanel })),
);
const CollageStage = lazy(() =>
  import('../collage/ui/collage-ui.ts').then((m) => ({ default: m.CollageStage })),
);

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What the page itself lays out from the editor's state (each panel reads its own). */
const pageSlice = (state: EditorState) => ({
  workerStatus: state.workerStatus,
  engine: state.engine,
  photoSerial: state.photoSerial,
  lastAppliedEffectId: state.lastAppliedEffectId,
  busy: isBusy(state),
  isImageReadyInWorker: state.isImageReadyInWorker,
  imageUrl: state.imageUrl,
  selectedEffectId: state.selectedEffectId,
  openStepId: state.openStep?.id ?? null,
  currentSettings: state.currentSettings,
  collageConfig: state.collageConfig,
  availableImageAssets: state.availableImageAssets,
  isDrawingModeActive: state.isDrawingModeActive,
  blurBrushSize: state.blurBrushSize,
  processingWidth: state.processingWidth,
  processingHeight: state.processingHeight,
  // The effects that are steps of the edit on screen (their tiles open the step).
  inEdit: committed(state)
    .steps.map((step) => step.effectId)
    .join(' '),
  // The look being adjusted is a step of the edit already (a second copy is asked for explicitly).
  openStepKept: openStepIsKept(state),
  // The edit on screen, as the link carries it.
  look: lookQuery(linkEdit(state)),
});

export default function EditorPage() {
  // One store per visit to the editor: leaving and coming back starts clean, like a fresh worker.
  const store = useMemo(() => createStore(), []);
  return (
    <Provider store={store}>
      <EditorScreen store={store} />
    </Provider>
  );
}

function EditorScreen({ store }: { store: Store }) {
  const search = useSearch();
  const options = useMemo(() => {
    const params = new URLSearchParams(search);
    const engine = params.get('engine');
    const test = testOptions(search);
    return {
      // The address's engine, else the one the user chose earlier in this visit.
      ...(isEngineKind(engine)
        ? { engine }
        : rememberedSaveOptions.engine
          ? { engine: rememberedSaveOptions.engine }
          : {}),
      link: parseLookLink(search),
      recipeLink: parseRecipeLink(search),
      test,
      ...(test?.workerTimeoutMs ? { responseTimeoutMs: test.workerTimeoutMs } : {}),
    };
    // The engine, the initial look and the test options are read once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const controller = useMemo(() => new EditorController(store, options), [store, options]);
  const state = useEditorState(pageSlice);
  const t = useT();
  const drafts = useAtomValue(draftSettingsAtom);
  const draftEffect = useAtomValue(draftEffectAtom);
  const collageSelection = useAtomValue(collageSelectionAtom);
  const cropOpen = useAtomValue(cropOpenAtom);
  const cropInput = cropOpen ? controller.crop.input() : null;
  // Closed, the tool hands the focus back to the button that opened it.
  const cropWasOpen = useRef(false);
  useEffect(() => {
    if (cropWasOpen.current && !cropOpen) {
      document.querySelector<HTMLElement>('[data-testid="crop-button"]')?.focus();
    }
    cropWasOpen.current = cropOpen;
  }, [cropOpen]);
  const viewport = useViewport();
  const mode = layoutMode(viewport.width);
  const phone = isPhone(viewport);
  const frameOpen = useAtomValue(frameOpenAtom);
  const root = useRef<HTMLDivElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  useFocusKeeper(root);
  const fileInput = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  useEffect(() => {
    if (cameraOpen) {
      controller.cameraOpen(true);
      return () => controller.cameraOpen(false);
    }
  }, [cameraOpen, controller]);

  const ui: CommandUi = useMemo(
    () => ({
      openFilePicker: () => fileInput.current?.click(),
      openCamera: () => setCameraOpen(true),
      openShortcuts: () => setShortcutsOpen(true),
    }),
    [],
  );
  // Read once, as the editor's other options: the look link rewrites the query string from then on.
  const [camera] = useState(() => cameraOptions(search));
  const takeShot = useCallback(
    ({ file, look }: CameraShot) => {
      setCameraOpen(false);
      controller.takeShot(file, firstStepOf(look));
    },
    [controller],
  );
  const cameraProblem = useCallback(
    (message: Notification['message']) => store.set(notifyAtom, { kind: 'error', message }),
    [store],
  );
  const cameraNotice = useCallback(
    (message: Notification['message']) => store.set(notifyAtom, { kind: 'warning', message }),
    [store],
  );

  const onHost = useCallback(
    (host: HTMLElement) => {
      // The test hooks first: the statuses they keep begin with the engine's start.
      const { test } = options;
      const hooks = test ? installTestHooks(store, () => controller.client, test) : null;
      controller.start(host);
      // Photos shared to the installed app, or opened with it, load as an upload: the first as the photo,
      // all of them (several) as the batch.
      const stopArrivals = receiveArrivals((arrival) => {
        if ('refused' in arrival) store.set(notifyAtom, { kind: 'error', message: SHARE_REFUSED_MESSAGE });
        else if (arrival.files.length > 0)
          controller.chooseFiles(arrival.files, { formats: ARRIVAL_FORMATS });
        else store.set(notifyAtom, { kind: 'error', message: NO_FILE_MESSAGE });
      });
      return () => {
        stopArrivals();
        hooks?.();
        controller.stop();
      };
    },
    [controller, store, options],
  );
  const setMaskCanvas = useCallback(
    (canvas: HTMLCanvasElement | null) => controller.setMaskCanvas(canvas),
    [controller],
  );

  useEditorKeys(controller, ui, store, MAC);

  // Ctrl/Cmd+V of an image loads it as an upload would (a paste into a field stays the field's).
  useEffect(
    () =>
      listenForPastedFiles(
        (file) => controller.chooseFile(file),
        () => document.querySelector(MODAL_VIEWS) !== null,
      ),
    [controller],
  );

  // The query string follows the edit on screen, so it can be shared as a link; a drag's many looks are
  // written at most once per LOOK_LINK_INTERVAL_MS (see createLinkWriter).
  const effect = findEffect(state.selectedEffectId);
  const linkWriter = useMemo(
    () =>
      createLinkWriter((search) => {
        if (search === window.location.search) return;
        try {
          window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
        } catch {
          // A browser refused the rewrite (too many): the link catches up with the next change.
        }
      }),
    [],
  );
  useEffect(() => () => linkWriter.cancel(), [linkWriter]);
  useEffect(() => {
    if (!state.isImageReadyInWorker) return;
    linkWriter.request(withLook(window.location.search, state.look));
  }, [linkWriter, state.isImageReadyInWorker, state.look]);

  // Stable handlers: the effect list and each setting's control re-render only when their own props
  // change, not for every step of a dragged slider.
  const selectEffect = useCallback((id: string) => controller.selectEffect(id), [controller]);
  const changeSetting = useCallback(
    (name: string, value: SettingValue) => controller.changeSetting(name, value),
    [controller],
  );
  const effectList = (variant: 'main' | 'mobile') => (
    <EffectList
      selectedEffectId={draftEffect ?? state.selectedEffectId}
      inEdit={state.inEdit}
      disabled={!state.isImageReadyInWorker}
      photoUrl={state.isImageReadyInWorker ? state.imageUrl : null}
      onSelect={selectEffect}
      variant={variant}
    />
  );

  const busy = state.busy;
  const collageOpen =
    isCollage(state.selectedEffectId) && state.collageConfig !== null && state.isImageReadyInWorker;

  // A panel that opens or changes (another look, the recipes after Apply, the collage) starts at its top.
  useLayoutEffect(() => {
    sheet.current?.scrollTo({ top: 0 });
  }, [state.selectedEffectId, state.openStepId, collageOpen]);

  // On an upright phone the photo gives way to the tool open under it: a look, the frames, or the recipes
  // once the user has turned to them (a look chosen or applied, a press in the sheet); a new photo shows
  // at the table's size again.
  const [engagedWith, setEngagedWith] = useState<number | null>(null);
  const engage = useCallback(() => setEngagedWith(state.photoSerial), [state.photoSerial]);
  if ((state.selectedEffectId !== null || frameOpen) && engagedWith !== state.photoSerial)
    setEngagedWith(state.photoSerial);
  const toolNeed = useToolNeed(
    sidebar,
    mode === 'mobile' && state.isImageReadyInWorker && !collageOpen && engagedWith === state.photoSerial,
  );

  const photoSize =
    state.processingWidth && state.processingHeight
      ? { width: state.processingWidth, height: state.processingHeight }
      : null;
  const drawing =
    state.isDrawingModeActive && state.processingWidth && state.processingHeight ? (
      <PhotoWindow photo={{ width: state.processingWidth, height: state.processingHeight }}>
        <DrawingOverlay
          width={state.processingWidth}
          height={state.processingHeight}
          brushSize={state.blurBrushSize}
          onCanvas={setMaskCanvas}
          onStrokeEnd={() => controller.strokeEnded()}
        />
      </PhotoWindow>
    ) : null;

  return (
    <div
      ref={root}
      className={`editor editor-${mode}${phone ? ' editor-phone' : ''}`}
      data-testid="editor"
      data-worker-status={state.workerStatus}
      data-engine={state.engine ?? undefined}
      data-photo-serial={state.photoSerial}
      data-applied-effect={state.lastAppliedEffectId ?? undefined}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        if (files.length > 0) controller.chooseFiles(files);
      }}
    >
      <NotificationBanner />
      <h1 className="visually-hidden">{t('RetroCam editor')}</h1>
      {mode === 'desktop' && <aside className="sidebar sidebar-left">{effectList('main')}</aside>}
      <CanvasStage
        controller={controller}
        onHost={onHost}
        toolNeed={toolNeed}
        onChooseFile={ui.openFilePicker}
        overlay={
          drawing ??
          (frameOpen && photoSize ? <FramePlacer frames={controller.frames} photo={photoSize} /> : null)
        }
        collage={
          collageOpen && state.collageConfig ? (
            <Suspense fallback={null}>
              <CollageStage
                collage={controller.collage}
                config={state.collageConfig}
                assets={state.availableImageAssets}
              />
            </Suspense>
          ) : null
        }
        collageSize={
          collageOpen && state.collageConfig
            ? { width: state.collageConfig.actualCanvasWidth, height: state.collageConfig.actualCanvasHeight }
            : null
        }
      />
      <aside className="sidebar sidebar-right" aria-label={t('Adjustments and actions')} ref={sidebar}>
        {/* On a phone the effects and the edit's steps are strips above the sheet, always in view. */}
        {phone && (
          <div className="tool-strips">
            {effectList('mobile')}
            <EditSteps controller={controller} />
          </div>
        )}
        {/* The controls scroll here, between the photo and the action bar, never under either. */}
        {/* Focusable, so that it scrolls from the keyboard while its buttons are still disabled. */}
        <div
          ref={sheet}
          className="panel-scroll"
          data-testid="editor-sheet"
          tabIndex={0}
          role="region"
          aria-label={t('Controls')}
          onPointerDown={engage}
        >
          {/* On a desktop the steps lead the panel; on a tablet the chosen look's first controls come
              first, right under the effects, and the steps follow them. */}
          {mode === 'desktop' && <EditSteps controller={controller} />}
          {mode !== 'desktop' && !phone && effectList('mobile')}
          {collageOpen && state.collageConfig ? (
            <section className="adjustments" aria-label={t('Adjustments')}>
              <h2 className="panel-title">{t('Collage')}</h2>
              <Suspense fallback={null}>
                <CollagePanel
                  collage={controller.collage}
                  config={state.collageConfig}
                  assets={state.availableImageAssets}
                  selection={collageSelection}
                  disabled={busy}
                />
              </Suspense>
            </section>
          ) : !effect ? (
            // No effect chosen: the recipes (one tap applies a whole edit).
            <RecipesPanel
              book={controller.recipes}
              disabled={!state.isImageReadyInWorker || busy}
              photoUrl={state.isImageReadyInWorker ? state.imageUrl : null}
            />
          ) : (
            <LookPanel
              controller={controller}
              effect={effect}
              settings={{ ...state.currentSettings, ...drafts }}
              onChange={changeSetting}
              busy={busy}
              ready={state.isImageReadyInWorker}
              openStepKept={state.openStepKept}
              drawing={state.isDrawingModeActive}
              brushSize={state.blurBrushSize}
            />
          )}
          {mode !== 'desktop' && !phone && <EditSteps controller={controller} />}
          <div className="setting editor-language">
            <LanguageSelect />
          </div>
          {/* For when a picture looks wrong: out of the way, under Settings. */}
          <details className="editor-settings" data-testid="editor-settings">
            <summary>{t('Settings')}</summary>
            <EngineChoice controller={controller} />
          </details>
          {mode !== 'mobile' && (
            <button
              type="button"
              className="link-button shortcuts-button"
              data-testid="shortcuts-button"
              aria-keyshortcuts="?"
              onClick={ui.openShortcuts}
            >
              {t('Keyboard shortcuts (?)')}
            </button>
          )}
        </div>
        <SharePanel />
        <BatchPanel controller={controller} />
        <ActionBar controller={controller} ui={ui} compact={mode !== 'desktop'} phone={phone} mac={MAC} />
        <ShortcutsDialog open={shortcutsOpen} mac={MAC} onClose={() => setShortcutsOpen(false)} />
        {cropInput && (
          <Suspense fallback={null}>
            <CropTool
              {...cropInput}
              onDone={(choice) => void controller.crop.apply(choice)}
              onCancel={() => controller.crop.close()}
            />
          </Suspense>
        )}
        {cameraOpen && (
          <Suspense fallback={null}>
            <LazyCameraView
              {...camera}
              onShot={takeShot}
              onClose={() => setCameraOpen(false)}
              onUpload={() => {
                setCameraOpen(false);
                fileInput.current?.click();
              }}
              onProblem={cameraProblem}
              onNotice={cameraNotice}
            />
          </Suspense>
        )}
        <HiddenFileInput
          ref={fileInput}
          accept={acceptAttribute(EDITOR_FORMATS)}
          testId="editor-upload-input"
          label={t('Upload images')}
          multiple
          onFiles={(files) => controller.chooseFiles(files)}
        />
      </aside>
    </div>
  );
}
