/**
 * The editor's loop, which the controller conducts: runs the pure rules of state/ against the store,
 * carries out the commands they give (a message to the worker, a photo to load, a notification), takes
 * the follow-ups every change may trigger (a queued photo, drafts, a pending look, the automatic apply),
 * and hands the worker's messages to the rules. The editor's state is all in the atoms; the loop holds
 * only the photos' intake (photo-intake.ts says why that is not state) and the thumbnails' side.
 */
import { findEffect } from '../effects/index.ts';
import type { FromWorkerMessage } from '../engine/protocol.ts';
import type { CollageController } from '../collage/ui/collage-controller.ts';
import type { Store } from '../ui/jotai.ts';
import { EditorThumbnails } from './editor-thumbnails.ts';
import { cleanMessage, ENGINE_STOPPED } from '../engine/client/engine-client.ts';
import type { EngineSession } from './engine-session.ts';
import { PhotoIntake } from './photo-intake.ts';
import { editorStateAtom } from './state/atoms.ts';
import { draftEffectAtom, draftSettingsAtom } from './state/drafts.ts';
import {
  canRequestImage,
  errorReceived,
  isBusy,
  type Command,
  type EditorState,
  type Outcome,
} from '../session/editor-state.ts';
import { autoApply, changeSetting, commit, selectEffect } from './state/effect-rules.ts';
import { imageLoadFailed, imageLoadStarted, takeQueuedFile } from './state/image-rules.ts';
import {
  commitDue,
  photoLoading,
  takeLinkedEdit,
  type LinkedEdit,
  takeLinkedLook,
  takeShotRecipe,
} from './state/look-rules.ts';
import type { Recipe } from '../edit/recipe.ts';
import type { Notify } from '../ui/notifications.ts';
import { photoTakenAtom, showingOriginalAtom } from '../ui/atoms.ts';
import { statusReceived } from './state/worker-rules.ts';
import type { ForWorker, UserResources } from './user-resources.ts';
import { committed, editWithLook } from '../session/edit-state.ts';
import { renderForm } from '../edit/render-form.ts';
import { asMessage, msg, shownOf } from '../i18n/msg.ts';

/** What the loop works with; the crop tool and the collage are made with its `run`, so they come later. */
export interface RunnerParts {
  store: Store;
  session: EngineSession;
  resources: UserResources;
  notify: Notify;
  /** Makes a link's edit before its look (its crop, looks and frame): true when it is being shown. */
  linkEdit: (linked: LinkedEdit) => boolean;
  collage: () => CollageController;
  /** The edit's frame changed: the frame choice tells the worker. */
  frameChanged: () => void;
  /** Applies a recipe to the photo as loaded, as one step (the recipe book's). */
  applyRecipe: (recipe: Recipe) => void;
  /** False for a test that asked for no thumbnails (`?thumbnails=0`). */
  thumbnails: boolean;
  /** Test option (`?decodeDelay=`): a chosen photo's decode starts this much later. */
  decodeDelayMs?: number;
}

/** The longest the worker holds its idle work for a photo being decoded (one that fails says nothing). */
const PHOTO_DECODE_HOLD_MS = 30_000;

/** Why something failed, for the user: the message an error carries, else its own text. */
const reason = shownOf;

export class RuleRunner {
  /** The chosen photos' intake and the loading preview (not state: see photo-intake.ts). */
  readonly photos = new PhotoIntake();
  readonly thumbnails: EditorThumbnails;

  constructor(private readonly parts: RunnerParts) {
    this.thumbnails = new EditorThumbnails(parts.store);
  }

  get state(): EditorState {
    return this.parts.store.get(editorStateAtom);
  }

  setState(next: EditorState): void {
    this.parts.store.set(editorStateAtom, next);
  }

  /** Runs a rule, carries out its commands, then the follow-ups every change may trigger. */
  run(transition: (state: EditorState) => Outcome): EditorState {
    this.carryOut(transition(this.state));
    return this.followUps();
  }

  /** Sets the outcome's state and carries out its commands (no follow-ups). */
  carryOut(outcome: Outcome): void {
    this.setState(outcome.state);
    for (const command of outcome.commands) this.execute(command);
  }

  /** The Apply button, and a camera shot's look once applied: the collage commits through its own editor. */
  commit(): void {
    const { collage, session } = this.parts;
    if (collage().isOpen) {
      void collage().commit();
      return;
    }
    const before = this.state.history;
    this.run((s) => commit(s, session.client !== null));
    // The base changed (the worker's follows with the commit): thumbnails of the new one.
    if (this.state.history !== before) this.refreshThumbnails();
  }

  /** Compare: the canvas shows the image before the current effect while `show` holds. */
  showOriginal(show: boolean): void {
    const { store, session } = this.parts;
    const state = this.state;
    if (show && (!canRequestImage(state) || state.lastAppliedEffectId === null)) return;
    if (store.get(showingOriginalAtom) === show) return;
    store.set(showingOriginalAtom, show);
    session.client?.post({ type: 'showOriginal', show });
  }

  /**
   * After any change: a queued photo, the drafts, a shot's recipe, a pending look (its crop first), the
   * automatic apply.
   */
  followUps(): EditorState {
    const { store, session, resources, notify } = this.parts;
    if (isBusy(this.state) || session.recovering) return this.state;
    if (this.state.queuedImageFile) {
      this.carryOut(takeQueuedFile(this.state));
      return this.state;
    }
    const draftEffect = findEffect(store.get(draftEffectAtom));
    if (draftEffect) {
      store.set(draftEffectAtom, null);
      store.set(draftSettingsAtom, {});
      this.setState(selectEffect(this.state, draftEffect).state);
    }
    const drafts = store.get(draftSettingsAtom);
    if (Object.keys(drafts).length > 0) {
      store.set(draftSettingsAtom, {});
      for (const [name, value] of Object.entries(drafts))
        this.setState(changeSetting(this.state, name, value).state);
    }
    const recipe = takeShotRecipe(this.state);
    if (recipe) {
      this.setState(recipe.state);
      this.parts.applyRecipe(recipe.recipe);
      return this.state;
    }
    const linked = takeLinkedEdit(this.state);
    if (linked) {
      this.setState(linked.state);
      if (this.parts.linkEdit(linked)) return this.state;
    }
    const look = takeLinkedLook(this.state);
    if (look) {
      this.setState(look.state);
      const effect = findEffect(look.effectId);
      if (effect) {
        const usable = resources.usableSettings(effect, look.settings, (m) => notify('warning', m));
        this.carryOut(selectEffect(this.state, effect, usable));
      }
    }
    const apply = autoApply(this.state);
    if (apply.commands.length > 0) this.carryOut(apply);
    return this.state;
  }

  private execute(command: Command): void {
    switch (command.kind) {
      case 'show':
        void this.show();
        return;
      case 'frame':
        this.parts.frameChanged();
        return;
      case 'warn':
        console.warn(command.message);
        return;
      case 'notify':
        this.parts.notify(command.level, command.message);
        return;
      case 'load':
        void this.load(command.file);
        return;
      case 'post':
        void this.post(command.message);
        return;
    }
  }

  private async post(message: Extract<Command, { kind: 'post' }>['message']): Promise<void> {
    const { session, resources } = this.parts;
    if (message.type !== 'applyEffect') {
      session.post(message);
      if (message.type === 'commitEffect') session.prune();
      return;
    }
    // A new look replaces the frame being compared: Compare lets go.
    this.showOriginal(false);
    // The painted mask as it is now, kept under its own id: the step names it from this apply on.
    const mask = message.withMask ? await resources.takeMask() : null;
    const open = this.state.openStep;
    if (open) {
      const activeMask = mask ?? open.mask;
      const { activeMask: _was, ...rest } = open;
      this.setState({ ...this.state, openStep: activeMask ? { ...rest, activeMask } : rest });
    }
    this.sendLook(message.effectId, message.settings, mask ?? open?.mask);
  }

  /**
   * Shows the look being adjusted at these settings (`mask`: the painted mask its apply takes, by id): the
   * worker gets the committed edit and the edit with the look, in its form, with the resources it has not
   * had. Answered with effectComplete, which reaches the rules as a message. The message leaves in this
   * task unless a bitmap is to be copied first.
   */
  private sendLook(effectId: string, settings: EditorState['currentSettings'], mask?: string): void {
    const { session, resources } = this.parts;
    const client = session.client;
    if (!client) return;
    const base = committed(this.state);
    const current = editWithLook(this.state, effectId, settings, mask);
    const send = ({ resources: given, transfer }: ForWorker) => {
      // A recovery that began meanwhile sends the edit on screen itself.
      if (session.client !== client) return;
      const message = {
        type: 'applyEffect',
        effectId,
        settings,
        base: renderForm(base),
        current: renderForm(current),
        resources: given,
      } as const;
      client.request(message, transfer).catch(() => undefined);
    };
    const pending = resources.forWorker(client, [base, current]);
    if (pending instanceof Promise) void pending.then(send);
    else send(pending);
  }

  /**
   * Shows the state's edit (after Undo, Redo, a step taken out); its ImageReady reaches the rules as a
   * message. A worker that could not show it still shows what it showed: said as an error.
   */
  private async show(): Promise<void> {
    const { session } = this.parts;
    try {
      await session.showEdit();
      session.prune();
    } catch (error) {
      if (error instanceof Error && error.message === ENGINE_STOPPED) return;
      this.run((s) => errorReceived(s, cleanMessage(reason(error))));
    }
  }

  private async load(file: Blob): Promise<void> {
    const { store, session, notify } = this.parts;
    if (!session.client) return;
    // The worker's idle work (its self-test, thumbnails) waits for the photo rather than hold it up.
    session.post({ type: 'holdIdleWork', ms: PHOTO_DECODE_HOLD_MS });
    const { decodeDelayMs } = this.parts;
    if (decodeDelayMs) await new Promise((resolve) => setTimeout(resolve, decodeDelayMs));
    const decoded = await this.photos.decode(file, notify);
    // No photo comes after all: the hold ends (any hold replaces the last).
    const release = () => session.post({ type: 'holdIdleWork', ms: 1 });
    if (!decoded) return release();
    const imageUrl = await this.photos.preview(decoded.bitmap);
    const { processing, original } = decoded;
    this.carryOut(
      imageLoadStarted(this.state, {
        imageUrl,
        pendingPreviewUrl: imageUrl,
        processingWidth: processing.width,
        processingHeight: processing.height,
        originalWidth: original.width,
        originalHeight: original.height,
      }),
    );
    if (this.state.workerStatus !== 'LoadingImage') {
      decoded.bitmap.close();
      return release();
    }
    // The old photo's masks and collage pictures go with its edit.
    session.prune();
    store.set(photoTakenAtom, decoded.taken ?? null);
    // A camera shot's look: selected and applied like a look link's once the photo is ready, then committed.
    this.setState(photoLoading(this.state, file));
    try {
      await session.loadImage(decoded, file, Boolean(this.state.pendingLook?.effectId));
    } catch (error) {
      this.run((s) => imageLoadFailed(s, reason(error)));
    }
  }

  /**
   * Asks the worker for thumbnails of the image it holds now: after each change of it, and after a
   * recovery (the new worker holds the image; the old one may have been stopped before its set was made,
   * as one whose self-test drew wrong is).
   */
  refreshThumbnails(): void {
    if (this.parts.thumbnails) this.thumbnails.refresh((m) => this.parts.session.post(m));
  }

  /** A worker message outside recovery (the session has kept its log). */
  receive(message: FromWorkerMessage): void {
    const { notify } = this.parts;
    switch (message.type) {
      case 'status': {
        this.run((s) => statusReceived(s, message));
        const due = commitDue(this.state, message);
        if (due.commit) {
          this.setState(due.state);
          this.commit();
        }
        // The base image changed: thumbnails of the new one.
        const changed = message.status === 'ImageReady' || message.status === 'commitSuccess';
        if (changed) this.refreshThumbnails();
        return;
      }
      case 'thumbnail':
        this.thumbnails.received(message);
        return;
      case 'error':
        this.run((s) => errorReceived(s, cleanMessage(message.message)));
        return;
      case 'imageBitmapResponse': {
        // The image on screen went to its caller (the test hooks' pixels).
        if (message.source === 'current') return;
        if (!message.image) {
          notify(
            'error',
            msg('Failed to get image from worker: {reason}', {
              reason: asMessage(message.error ?? msg('no image')),
            }),
          );
          return;
        }
        this.state.activeCollageBitmap?.close();
        this.setState({ ...this.state, activeCollageBitmap: message.image });
        const collage = this.parts.collage();
        if (collage.isOpen) {
          collage.mainImageReceived(message.image).catch((error: unknown) => {
            notify('error', msg('Failed to get image from worker: {reason}', { reason: reason(error) }));
          });
        }
        return;
      }
      default:
        return;
    }
  }
}
