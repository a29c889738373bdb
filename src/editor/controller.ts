/**
 * The editor's controller conducts: it makes the editor's parts, hands each of them its job, and turns
 * what the user does into the pure rules of state/, which its loop (rule-runner.ts) runs against the
 * store. The worker, its log and its recovery are in engine-session.ts (whose events it listens to), the
 * saves in save-commands.ts, the edit as a link in edit-link.ts, what the user brings (a .cube, a painted
 * mask) in user-resources.ts. The features (the collage, the crop, the recipes, the frames) get a host
 * (src/session/host.ts) from it. All the editor's state is in atoms (state/); the React components call
 * its methods and read them. The test hooks are an adapter of their own (editor-test-hooks.ts).
 */
import { FrameController } from '../frames/ui/frame-controller.ts';
import { findEffect, likelyEffects } from '../effects/index.ts';
import { EngineSetupError, type EngineClient } from '../engine/client/engine-client.ts';
import { isEngineKind, type EngineKind } from '../engine/protocol.ts';
import { EDITOR_FORMATS } from '../intake/formats.ts';
import { takeHandoff, type FirstStep } from '../intake/handoff.ts';
import { CollageController } from '../collage/ui/collage-controller.ts';
import { CropController } from '../crop/ui/crop-controller.ts';
import type { TestOptions } from '../ui/test-hooks.ts';
import type { Store } from '../ui/jotai.ts';
import { EngineSession } from './engine-session.ts';
import type { FeatureHost } from '../session/host.ts';
import { runSave } from './saving.ts';
import { editorStateAtom } from './state/atoms.ts';
import type { LookLink } from '../session/look-link.ts';
import type { FileIntake } from './photo-intake.ts';
import { RuleRunner } from './rule-runner.ts';
import { applyLinkedEdit, shareEdit } from './edit-link.ts';
import { SaveCommands } from './save-commands.ts';
import { draftEffectAtom, draftSettingsAtom } from './state/drafts.ts';
import { errorReceived, isBusy, type EditorState, type Outcome } from '../session/editor-state.ts';
import {
  applyEffect,
  autoApply,
  changeSetting,
  redo,
  selectEffect,
  selectStep,
  setBrushSize,
  undo,
  withOpenCube,
} from './state/effect-rules.ts';
import { committed, imageCommitted, stepRemoved } from '../session/edit-state.ts';
import { CROP_STEP_ID, findStep, FRAME_STEP_ID, newStepId } from '../edit/edit.ts';
import { allEdits } from '../edit/history.ts';
import type { LinkedEdit } from './state/look-rules.ts';
import { fileChosen, takePendingFile } from './state/image-rules.ts';
import { lookLinked, shotChosen } from './state/look-rules.ts';
import { notifier, type Notify } from '../ui/notifications.ts';
import { cycleZoom, pageBecameVisible, zoomTo } from './state/view-rules.ts';
import { workerInitStarted } from './state/worker-rules.ts';
import { engineChoiceAtom, rememberedSaveOptions } from '../ui/atoms.ts';
import { UserResources } from './user-resources.ts';
import { isRecipeFile } from '../recipes/model/files.ts';
import type { RecipeResult } from '../recipes/model/parse.ts';
import { RecipeBook } from '../recipes/ui/recipe-book.ts';
import { msg, userText } from '../i18n/msg.ts';

export interface ControllerOptions {
  engine?: EngineKind;
  /** How long the worker may leave a request unanswered before it counts as dead. */
  responseTimeoutMs?: number;
  /** A look from the page's link, selected and applied once the first image is ready. */
  link?: LookLink | null;
  /** The address's test options (`?testHooks=1`): the worker then takes test hooks too. */
  test?: TestOptions | null;
  /** The recipe of the page's `?recipe=` link, read (or why it was refused): offered for the photo. */
  recipeLink?: RecipeResult | null;
}

export class EditorController {
  private readonly notify: Notify;
  /** What every feature gets of the editor. */
  private readonly host: FeatureHost;
  private readonly resources = new UserResources();
  private readonly session: EngineSession;
  private readonly loop: RuleRunner;
  /** Saves, 'Apply to all' and their options. */
  readonly saves: SaveCommands;
  /** The collage: its config rules, assets, Apply and Save. */
  readonly collage: CollageController;
  /** The crop tool: when it opens, what on, and its Done. */
  readonly crop: CropController;
  /** The recipes: the list kept on the device, saving, applying, import and export. */
  readonly recipes: RecipeBook;
  /** The frame around the photo: the choice, and the worker told of it. */
  readonly frames: FrameController;

  constructor(
    private readonly store: Store,
    private readonly options: ControllerOptions = {},
  ) {
    const notify = (this.notify = notifier(store));
    const { engine, responseTimeoutMs, test } = options;
    const sessionOptions = {
      ...(engine ? { engine } : {}),
      ...(test ? { testHooks: true } : {}),
      ...(test?.breakEngine ? { breakEngine: test.breakEngine.filter(isEngineKind) } : {}),
      ...(responseTimeoutMs ? { responseTimeoutMs } : {}),
    };
    const session = (this.session = new EngineSession(store, sessionOptions, this.resources));
    const parts = { store, session, resources: this.resources, notify };
    const collage = () => this.collage;
    this.loop = new RuleRunner({
      ...parts,
      linkEdit: (linked) => this.linkEdit(linked),
      collage,
      frameChanged: () => this.frames.sync(),
      applyRecipe: (recipe) => void this.recipes.apply(recipe),
      thumbnails: !test?.noThumbnails,
      ...(test?.decodeDelayMs ? { decodeDelayMs: test.decodeDelayMs } : {}),
    });
    const run = (transition: (state: EditorState) => Outcome) => this.run(transition);
    const state = () => this.state;
    const catchUp = () => this.frames.flush();
    this.saves = new SaveCommands({ store, session, state, notify, collage, catchUp });
    // What every feature gets of the editor (src/session/host.ts); each adds what it alone needs.
    const host: FeatureHost = (this.host = {
      store,
      state,
      run,
      notify,
      photo: () => session.source,
      showEdit: () => session.showEdit(),
      client: () => session.client,
    });
    this.crop = new CropController(host);
    this.collage = new CollageController({
      ...host,
      update: (change) => store.set(editorStateAtom, change),
      replaceBase: (image, step) => this.replaceBase(image, step),
      save: (job) => runSave(job, notify),
    });
    this.recipes = new RecipeBook(
      {
        ...host,
        cubeText: (hash) => this.resources.cubeText(hash),
        addCube: (hash, text, title) => this.resources.addCube(hash, text, title),
        setThumbnails: (recipes) => this.loop.thumbnails.setRecipes(recipes),
        refreshThumbnails: () => this.loop.refreshThumbnails(),
      },
      {
        link: options.recipeLink ?? null,
        ...(test?.recipeQuotaBytes !== undefined ? { quotaBytes: test.recipeQuotaBytes } : {}),
      },
    );
    this.frames = new FrameController(host);
    session.on('message', (message) => this.loop.receive(message));
    session.on('stopped', (message) => this.run((s) => errorReceived(s, message)));
    session.on('restored', ({ photo }) => {
      // With no image yet, a photo that was waiting for the engine (the landing page's) loads now.
      if (!photo) this.run((s) => takePendingFile({ ...s, workerStatus: 'WorkerReady' }));
      else this.loop.refreshThumbnails();
      this.loop.followUps();
    });
    this.loop.setState(lookLinked(this.state, options.link ?? null));
    store.set(engineChoiceAtom, engine ?? null);
  }

  get state(): EditorState {
    return this.loop.state;
  }

  /** Runs a rule, carries out its commands, then the follow-ups every change may trigger. */
  run(transition: (state: EditorState) => Outcome): EditorState {
    return this.loop.run(transition);
  }

  /** The worker running now, if any (for the test hooks). */
  get client(): EngineClient | null {
    return this.session.client;
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts the engine on a canvas made inside `host` (a fresh one for every worker). */
  start(host: HTMLElement): void {
    this.loop.setState(workerInitStarted(this.state));
    // A file chosen on the landing page waits as the pending file until the worker is ready.
    const handoff = takeHandoff();
    if (handoff) {
      if (handoff.firstStep) this.loop.setState(shotChosen(this.state, handoff.file, handoff.firstStep));
      // Several photos chosen together on the landing page come as the batch too.
      if (handoff.together) this.saves.batch.setFiles(handoff.together, handoff.formats);
      const { formats, decoded } = handoff;
      this.chooseFile(handoff.file, { formats, ...(decoded ? { decoded } : {}) });
    }
    this.startEngine(() => this.session.start(host));
    this.recipes.start();
    // While the photo is chosen and decodes, the worker makes the programs of the likely effects.
    // A link's effect is the one chosen, though it is selected only once its photo is ready.
    const chosen = this.state.pendingLook?.effectId ?? this.state.selectedEffectId;
    this.session.post({ type: 'prepareEffects', effectIds: this.likelyEffects(chosen) });
  }

  /** The effects whose programs the worker makes ahead, unless a test asked for none. */
  private likelyEffects(chosen: string | null | undefined): string[] {
    return this.options.test?.noWarmUp ? [] : likelyEffects(chosen);
  }

  stop(): void {
    this.saves.cancelBatch();
    this.session.stop();
    this.loop.thumbnails.dispose();
    this.loop.photos.dispose();
    this.collage.dispose();
  }

  /** Starts the engine again after it failed to start (Try again); a waiting photo loads once it is ready. */
  retryEngine(): void {
    if (!this.session.canRetry) return;
    this.loop.setState(workerInitStarted(this.state));
    this.startEngine(() => this.session.retry());
  }

  private startEngine(start: () => void): void {
    try {
      start();
    } catch (error) {
      const message =
        error instanceof EngineSetupError ? error.message : msg('Failed to initialize worker resources.');
      this.run((s) => errorReceived(s, message));
    }
  }

  // ---------------------------------------------------------------- user commands

  /** A file to load; the editor's own upload accepts jpeg, png and webp unless told otherwise. */
  chooseFile(file: Blob, intake?: FileIntake): void {
    this.loop.photos.remember(file, intake);
    if (!this.session.client && this.state.workerStatus === 'WorkerError') {
      // No engine runs (it did not start): the photo waits for it, shown, instead of being dropped.
      this.loop.setState({ ...this.state, pendingImageFile: file });
      return;
    }
    this.run((s) => fileChosen(s, file));
  }

  /** The picture of a photo waiting for the engine (see PhotoIntake.keptPreview). */
  keptPreview(file: Blob): Promise<string | null> {
    return this.loop.photos.keptPreview(file);
  }

  /** Files chosen together: the first loads as the photo the look is made on; all (several) are the batch. */
  chooseFiles(chosen: readonly File[], intake?: FileIntake): void {
    // Recipe files (a drop of one, the file chooser) go to the recipes; the rest are photos.
    const recipes = chosen.filter((file) => isRecipeFile(file));
    if (recipes.length > 0) void this.recipes.importFiles(recipes);
    const files = chosen.filter((file) => !isRecipeFile(file));
    const [first] = files;
    if (!first) return;
    this.saves.batch.setFiles(files, intake?.formats);
    this.chooseFile(first, intake);
  }

  /** The camera opened over the editor: no programs are made ahead (they held the viewfinder's frames back). */
  cameraOpen(open: boolean): void {
    const effectIds = open ? [] : this.likelyEffects(this.state.selectedEffectId);
    this.session.post({ type: 'prepareEffects', effectIds });
  }

  /** A photo from the camera: loaded as an upload is, its look applied and committed as the first step. */
  takeShot(file: File, step: FirstStep | null): void {
    this.loop.setState(shotChosen(this.state, file, step));
    this.chooseFile(file, { formats: EDITOR_FORMATS });
  }

  /** While the worker is busy, the effect and the settings are kept as drafts, handed over once it settles. */
  selectEffect(effectId: string): void {
    const effect = findEffect(effectId);
    if (!effect) return;
    this.store.set(draftSettingsAtom, {});
    this.store.set(draftEffectAtom, isBusy(this.state) ? effectId : null);
    if (!isBusy(this.state)) this.run((s) => selectEffect(s, effect));
  }

  changeSetting(name: string, value: unknown): void {
    const effect = findEffect(this.state.selectedEffectId);
    const need = this.resources.unmetNeed(effect, name, value);
    if (need) return this.notify('warning', need.missing);
    // A look newly set to the user's own .cube reads the one loaded last.
    const reads = effect?.needs?.some((n) => n.setting === name && String(n.value) === String(value));
    const latest = this.resources.latestCubeHash;
    if (reads && latest && !this.state.openStep?.cube) this.loop.setState(withOpenCube(this.state, latest));
    // The latest value wins.
    if (isBusy(this.state)) this.store.set(draftSettingsAtom, (all) => ({ ...all, [name]: value as never }));
    else this.run((s) => changeSetting(s, name, value));
  }

  /** The user's own LUT: once the worker has read it, it is chosen as the Filters look. */
  async loadCube(file: File): Promise<void> {
    const read = await this.resources.readCube(file, () => this.session.client, this.notify);
    if (read === null) return;
    this.notify('success', msg('Loaded {title}.', { title: userText(read.title) }));
    // An apply under way when the file's answer came keeps the look's settings until it is done.
    while (isBusy(this.state)) await this.notBusy();
    // The selected effect's setting value that needed it is chosen now, reading this file.
    const need = findEffect(this.state.selectedEffectId)?.needs?.find((n) => n.resource === 'cube');
    if (need && this.state.openStep) {
      this.loop.setState(withOpenCube(this.state, read.hash));
      this.run((s) => changeSetting(s, need.setting, need.value));
      // The same value again with a new file: apply even though the settings did not change.
      const same = this.state.lastAppliedSettings?.[need.setting] === need.value;
      if (!isBusy(this.state) && same) this.run((s) => applyEffect(s));
    }
  }

  /** Resolves once the editor is not busy (applying or loading), at its next change if it is now. */
  private notBusy(): Promise<void> {
    return new Promise((resolve) => {
      const stop = this.store.sub(editorStateAtom, () => {
        if (isBusy(this.state)) return;
        stop();
        resolve();
      });
    });
  }

  get customLutTitle(): string | null {
    return this.resources.cubeTitle;
  }

  /** A drawing stroke ended: smart blur in draw mode applies now. */
  strokeEnded(): void {
    this.run((s) => autoApply(s, 'strokeEnd'));
  }

  setMaskCanvas(canvas: HTMLCanvasElement | null): void {
    this.resources.setMaskCanvas(canvas);
  }

  /** Wipes the painted mask and applies again. */
  clearMask(): void {
    this.resources.clearMask();
    this.strokeEnded();
  }

  setBrushSize(size: number): void {
    this.loop.setState(setBrushSize(this.state, size));
  }

  commit(): void {
    this.loop.commit();
  }

  /**
   * Shares a link to the edit on screen (the Web Share sheet, else the clipboard; the field shows it
   * either way). A collage, or the user's own .cube, cannot travel in a link: said instead.
   */
  share(): Promise<void> {
    return shareEdit(this.state, this.store, this.notify);
  }

  /** Opens a step of the edit (a tap on it in the list): a look's controls, the crop tool, the frames. */
  openStep(id: string): void {
    if (isBusy(this.state)) return;
    if (id === CROP_STEP_ID) return this.crop.open();
    if (id === FRAME_STEP_ID) return this.frames.open();
    const step = findStep(committed(this.state), id);
    if (step?.kind === 'effect') {
      this.store.set(draftSettingsAtom, {});
      this.run((s) => selectStep(s, step.id));
    }
  }

  /** Takes a step out of the edit alone (one version of the history). */
  removeStep(id: string): void {
    this.run((s) => stepRemoved(s, id));
  }

  /** Another copy of the look being adjusted, at its defaults (a second CCD is asked for, never made by accident). */
  addCopy(): void {
    const effect = findEffect(this.state.selectedEffectId);
    if (!effect || isBusy(this.state)) return;
    this.store.set(draftSettingsAtom, {});
    this.run((s) => selectEffect(s, effect, undefined, { asNew: true }));
  }

  /** A collage's picture replaces the edit before it; put back if the worker cannot show it. */
  private async replaceBase(image: ImageBitmap, effectId: string): Promise<void> {
    const before = this.state.history;
    const { width, height } = image;
    const picture = this.resources.addImage(image);
    const id = newStepId(allEdits(before));
    this.loop.setState(
      imageCommitted(this.state, { kind: 'image', id, image: picture, width, height, effectId }).state,
    );
    try {
      await this.session.replaceBaseImage(picture, effectId);
    } catch (error) {
      this.loop.setState({ ...this.state, history: before });
      this.session.prune();
      throw error;
    }
  }

  /** A link's edit before its look, once its photo is ready: one version of the history. */
  private linkEdit(linked: LinkedEdit): boolean {
    return applyLinkedEdit(linked, this.host, this.resources);
  }

  undo(): void {
    this.run(undo);
  }

  redo(): void {
    this.run(redo);
  }

  /** Returns the new level. */
  cycleZoom(): number {
    this.loop.setState(cycleZoom(this.state));
    return this.state.zoomLevel;
  }

  /** Pinch and Ctrl+wheel zoom; returns the level set. */
  zoomTo(level: number): number {
    this.loop.setState(zoomTo(this.state, level));
    return this.state.zoomLevel;
  }

  showOriginal(show: boolean): void {
    this.loop.showOriginal(show);
  }

  pageVisible(): void {
    this.run(pageBecameVisible);
  }

  /** One save at a time: a click while one runs is ignored (ten quick clicks give one file). */
  save(): Promise<void> {
    return this.saves.save();
  }

  /** The engine the user chose (null: Automatic), for the visit: a fresh worker takes over photo and history. */
  chooseEngine(engine: EngineKind | null): void {
    rememberedSaveOptions.engine = engine;
    this.store.set(engineChoiceAtom, engine);
    this.session.switchEngine(engine ?? undefined);
  }
}
