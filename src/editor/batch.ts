/**
 * A batch: the look on screen (the committed steps and the current effect, exactly what a
 * full-resolution save replays) runs again on each chosen photo at its own full size, in the worker, one
 * photo at a time. The results stream into one zip (client-zip): the page holds one source file's JPEG at
 * a time, and never a decoded original (the worker decodes and lets go of each in turn). A file the intake
 * refuses is listed with the intake's own message (in the panel, and as refused.txt in the zip) and the
 * batch goes on.
 */
import type { FrameChoice } from '../edit/frame.ts';
import { fromRecipeFrame } from '../frames/model/recipe-frame.ts';
import type { Recipe } from '../edit/recipe.ts';
import { effectsAfterImage, hasImage, type Edit, type EffectStep } from '../edit/edit.ts';
import { exportSteps } from './export-steps.ts';
import { downloadZip } from 'client-zip';
import type { EngineClient } from '../engine/client/engine-client.ts';
import { EDITOR_FORMATS, type AcceptedFormat } from '../intake/formats.ts';
import { intake, IntakeError } from '../intake/intake.ts';
import { DECODE_FAILED_MESSAGE } from '../intake/messages.ts';
import { keepDateTaken } from '../intake/photo-date.ts';
import { downloadFileName, triggerDownload } from '../ui/download.ts';
import { atom, type Store } from '../ui/jotai.ts';
import { savesThroughShareSheet } from '../ui/export.ts';
import { openShareSheet, TAP_DURATION_MS, type Notify } from './saving.ts';
import { keepDateAtom } from '../ui/atoms.ts';
import { cropForPhoto } from '../crop/model/crop-choice.ts';
import { isNoRecipe, recipeOf, type CropGeometry, type CropRecipe } from '../edit/crop.ts';
import { croppedSize } from '../crop/model/geometry.ts';
import { processingSize } from '../pixels/processing-size.ts';
import { english, msg, shownOf, type Message, type Shown } from '../i18n/msg.ts';
import { cleanFileName } from '../i18n/user-text.ts';
import { translate } from '../i18n/translate-message.ts';
import { UNTIL_NEXT } from '../ui/notifications.ts';

/** JPEG quality of every full-resolution file, the batch's as the single save's. */
export const BATCH_QUALITY = 0.9;

export interface BatchRefusal {
  name: string;
  message: Shown;
}

export interface BatchState {
  /** The photos chosen together; none when one (or no) photo was chosen. */
  files: readonly File[];
  /** Running: the photo being made (0-based), and how far it has come (0..1). Null when not running. */
  running: { index: number; fraction: number } | null;
  /** The files of the last (or running) batch that were refused or failed, with why. */
  refusals: readonly BatchRefusal[];
}

export const batchAtom = atom<BatchState>({ files: [], running: null, refusals: [] });

/** Overall progress of a running batch, 0..100. */
export function batchPercent(state: BatchState): number {
  if (!state.running || state.files.length === 0) return 0;
  const done = (state.running.index + state.running.fraction) / state.files.length;
  return Math.max(0, Math.min(100, Math.round(done * 100)));
}

/** The longest base name of a zip entry, in code points. */
const MAX_ENTRY_BASE = 120;

/**
 * `photo.2024.png` -> `photo.2024`: the leaf's stem as a file name (the user-text cleaner: a right-to-left
 * override would make 'x\u202Egpj.exe' read as 'xexe.jpg'; a leading dot would hide the entry).
 */
export function baseName(fileName: string): string {
  const leaf = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = leaf.lastIndexOf('.');
  return cleanFileName(dot > 0 ? leaf.slice(0, dot) : leaf, MAX_ENTRY_BASE, 'photo');
}

/** `<source-base-name>_<look>.jpg`, with `-2`, `-3`... where two sources share a base name. */
export function batchEntryName(fileName: string, look: string, taken: Set<string>): string {
  const name = `${baseName(fileName)}_${look}`;
  let unique = `${name}.jpg`;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${name}-${n}.jpg`;
  taken.add(unique.toLowerCase());
  return unique;
}

export interface BatchHost {
  readonly store: Store;
  client(): EngineClient | null;
  /** The edit on screen (its looks, crop and frame), which each photo takes. */
  edit(): Edit;
  /** What the files are named after: the effect on screen, else the last applied; null for none. */
  look(): string | null;
  /** A copy of a painted mask the edit names (the worker takes it). */
  maskCopy(id: string): Promise<ImageBitmap | null>;
  /** The file of a .cube the edit names, by hash. */
  cubeFile(hash: string): Blob | null;
  notify: Notify;
}

/** A recipe chosen for 'Apply to all' instead of the edit on screen. */
export type BatchRecipe = Pick<Recipe, 'steps' | 'crop' | 'frame' | 'cubes'>;

/** What each photo of a batch takes: the looks, the crop as an aspect, the frame, the .cube files. */
interface BatchLook {
  steps: readonly Pick<EffectStep, 'effectId' | 'settings' | 'cube' | 'mask'>[];
  crop: CropRecipe | null;
  frame: FrameChoice;
  cubes: { id: string; file: Blob }[];
}

/** A kept recipe as each photo takes it (its .cube files from its own texts). */
function recipeLook(recipe: BatchRecipe): BatchLook {
  const crop = recipe.crop && !isNoRecipe(recipe.crop) ? recipe.crop : null;
  const cubes = Object.entries(recipe.cubes).map(([id, text]) => ({
    id,
    file: new Blob([text], { type: 'text/plain' }),
  }));
  return { steps: recipe.steps, crop, frame: fromRecipeFrame(recipe.frame), cubes };
}

class Cancelled extends Error {}

const NO_DATA = msg('Failed to generate image data.');
const NONE_MADE = msg('No photo could be processed.');

interface Job {
  files: readonly File[];
  /** What the files are named after. */
  look: string;
  /** The engine when the batch began. */
  first: EngineClient;
  /** The looks, crop, frame and .cube files each photo takes. */
  take: BatchLook;
  refusals: BatchRefusal[];
  made: number;
  /** Photos saved without the date taken ('Keep the date taken' on, the photo says no date). */
  undated: number;
}

export class BatchRunner {
  private cancelled = false;
  /** The formats the batch's files were chosen under (the landing page's take HEIC too). */
  private formats: readonly AcceptedFormat[] = EDITOR_FORMATS;

  constructor(private readonly host: BatchHost) {}

  private get state(): BatchState {
    return this.host.store.get(batchAtom);
  }

  private update(change: Partial<BatchState>): void {
    this.host.store.set(batchAtom, { ...this.state, ...change });
  }

  /** The photos chosen together (one or none clears the batch). */
  setFiles(files: readonly File[], formats: readonly AcceptedFormat[] = EDITOR_FORMATS): void {
    if (this.state.running) this.cancel();
    this.formats = formats;
    this.host.store.set(batchAtom, {
      files: files.length > 1 ? [...files] : [],
      running: null,
      refusals: [],
    });
  }

  get running(): boolean {
    return this.state.running !== null;
  }

  /** The edit on screen as each photo takes it; null after a collage (made on the page, once). */
  private editLook(): BatchLook | null {
    const edit = this.host.edit();
    if (hasImage(edit)) return null;
    const steps = effectsAfterImage(edit).effects;
    const crop = edit.crop ? recipeOf(edit.crop) : null;
    const hashes = [...new Set(steps.flatMap((step) => (step.cube ? [step.cube] : [])))];
    const cubes = hashes.flatMap((id) => {
      const file = this.host.cubeFile(id);
      return file ? [{ id, file }] : [];
    });
    return { steps, crop: crop && !isNoRecipe(crop) ? crop : null, frame: edit.frame, cubes };
  }

  /** Stops the running batch: the running export is cancelled in the worker and nothing is downloaded. */
  cancel(): void {
    if (!this.state.running) return;
    this.cancelled = true;
    this.host.client()?.cancelExport();
  }

  /**
   * 'Apply to all': runs the look on every photo and downloads one zip; on a phone that can share files,
   * the photos go to the share sheet instead (a phone's gallery takes photos, not a zip).
   */
  async run(recipe: BatchRecipe | null = null): Promise<void> {
    // Asked inside the click, as every save asks.
    const toShareSheet = savesThroughShareSheet();
    const { files } = this.state;
    const client = this.host.client();
    if (this.running || files.length === 0) return;
    if (!client) {
      this.host.notify('error', msg('Image processor not ready.'));
      return;
    }
    const take = recipe ? recipeLook(recipe) : this.editLook();
    if (!take) {
      this.host.notify('error', msg('Apply to all is not available after a collage.'));
      return;
    }
    const look = recipe ? 'recipe' : (this.host.look() ?? 'original');
    this.cancelled = false;
    this.update({ running: { index: 0, fraction: 0 }, refusals: [] });
    const job: Job = { files, look, first: client, take, refusals: [], made: 0, undated: 0 };
    this.host.notify(
      'info',
      msg('Applying the look to {photos}...', { photos: photoCount(files.length) }),
      UNTIL_NEXT,
    );
    try {
      if (toShareSheet) {
        const photos: File[] = [];
        for await (const entry of this.entries(job)) {
          if (entry.input instanceof Blob)
            photos.push(new File([entry.input], entry.name, { type: 'image/jpeg' }));
        }
        if (this.cancelled) throw new Cancelled();
        if (job.made === 0) this.host.notify('error', NONE_MADE);
        else await this.share(photos, job);
        return;
      }
      const zip = await downloadZip(this.entries(job)).blob();
      if (this.cancelled) throw new Cancelled();
      if (job.made === 0) {
        this.host.notify('error', NONE_MADE);
        return;
      }
      this.downloadZip(zip, job);
    } catch (error) {
      if (error instanceof Cancelled || this.cancelled) this.host.notify('info', msg('Batch cancelled.'));
      else this.host.notify('error', msg('Batch failed: {reason}', { reason: shownOf(error) }));
    } finally {
      this.cancelled = false;
      this.update({ running: null });
    }
  }

  private downloadZip(zip: Blob, job: Job): void {
    triggerDownload(zip, downloadFileName(job.look, new Date()).replace(/\.jpg$/, '.zip'));
    const refused = job.refusals.length;
    this.host.notify(
      refused > 0 || job.undated > 0 ? 'warning' : 'success',
      zipStarted(job.made, refused, job.undated),
    );
  }

  /**
   * The batch's photos to the share sheet. Making them outlasts the click's activation, so the sheet
   * usually wants a tap: a notification keeps the photos for it (and again after the sheet is closed, so
   * that minutes of work are not lost to a stray tap). A browser that will not share them gets the zip.
   */
  private async share(photos: File[], job: Job): Promise<void> {
    const refused = job.refusals.length;
    const count = sharedCount(photos.length, refused);
    const again = { label: msg('Share'), run: () => void this.share(photos, job) };
    switch (await openShareSheet(photos)) {
      case 'shared':
        this.host.notify(
          refused > 0 || job.undated > 0 ? 'warning' : 'success',
          msg('Shared {photos}{undated}.', { photos: count, undated: undatedNote(job.undated) }),
        );
        return;
      case 'needsTap':
        this.host.notify(
          'info',
          msg('{photos} ready. Tap Share to save them.', { photos: count }),
          TAP_DURATION_MS,
          again,
        );
        return;
      case 'cancelled':
        this.host.notify(
          'info',
          msg('Sharing cancelled. Tap Share to share the {photos}.', { photos: count }),
          TAP_DURATION_MS,
          again,
        );
        return;
      case 'cannot':
        this.downloadZip(
          await downloadZip(photos.map((photo) => ({ name: photo.name, input: photo }))).blob(),
          job,
        );
        return;
    }
  }

  private refuse(job: Job, name: string, message: Shown): void {
    job.refusals.push({ name, message });
    this.update({ refusals: [...job.refusals] });
  }

  /**
   * The zip's entries, pulled one at a time: the next photo is made only once the zip has taken the
   * previous JPEG, so one result at a time is held. Cancel ends it by throwing, which fails the zip.
   */
  private async *entries(job: Job) {
    const taken = new Set<string>();
    for (const [index, file] of job.files.entries()) {
      if (this.cancelled) throw new Cancelled();
      this.update({ running: { index, fraction: 0 } });
      let processing;
      let geometry: CropGeometry | null = null;
      try {
        // The checks only (no bitmap back): the worker decodes the original itself for the export.
        const checked = await intake(file, this.formats, { bitmap: false });
        processing = checked.processing;
        if (job.take.crop) {
          // The crop's aspect centred on this photo, and the look's sizes follow the crop.
          geometry = cropForPhoto(job.take.crop, checked.original).geometry;
          const size = croppedSize(geometry);
          processing = processingSize(size.width, size.height);
        }
      } catch (error) {
        this.refuse(job, file.name, error instanceof IntakeError ? error.shown : DECODE_FAILED_MESSAGE);
        continue;
      }
      if (this.cancelled) throw new Cancelled();
      // The engine that runs now (it may have been restarted after a lost GPU since the batch began).
      const engine = this.host.client() ?? job.first;
      const steps = await exportSteps(job.take.steps, (id) => this.host.maskCopy(id));
      if (this.cancelled) {
        for (const step of steps) step.mask?.close();
        throw new Cancelled();
      }
      const result = await engine.exportFullResolution({
        file,
        processing,
        steps,
        ...(geometry ? { crop: geometry } : {}),
        frame: job.take.frame,
        cubes: job.take.cubes,
        quality: BATCH_QUALITY,
        onProgress: (fraction) => {
          if (this.state.running && !this.cancelled) this.update({ running: { index, fraction } });
        },
      });
      if (result.cancelled || this.cancelled) throw new Cancelled();
      if (!result.blob) {
        if (result.error) console.error(`Batch export of ${file.name} failed: ${english(result.error)}`);
        this.refuse(job, file.name, NO_DATA);
        continue;
      }
      job.made++;
      let input = result.blob;
      if (this.host.store.get(keepDateAtom)) {
        // 'Keep the date taken': each photo its own date; those without one are counted, and said.
        const kept = await keepDateTaken(result.blob, file);
        input = kept.blob;
        if (!kept.dated) job.undated++;
      }
      yield { name: batchEntryName(file.name, job.look, taken), input, lastModified: new Date() };
    }
    if (job.refusals.length > 0) {
      const text = job.refusals.map((r) => `${r.name}: ${translate(r.message)}`).join('\n') + '\n';
      yield { name: 'refused.txt', input: text, lastModified: new Date() };
    }
  }
}

/*
 * The batch's notices are messages with their values, translated where they are shown: one that stays up
 * while the language changes reads in the new one.
 */

/** ', 2 without the date taken' where 'Keep the date taken' found no date in some photos; else ''. */
function undatedNote(undated: number): Message | '' {
  return undated > 0 ? msg(', {count} without the date taken', { count: undated }) : '';
}

/** 'Download started! 3 photos, 1 refused, 2 without the date taken.' */
export function zipStarted(made: number, refused: number, undated: number): Message {
  return msg('Download started! {photos}{refused}{undated}.', {
    photos: photoCount(made),
    refused: refused > 0 ? msg(', {count} refused', { count: refused }) : '',
    undated: undatedNote(undated),
  });
}

/** '3 photos', or '3 photos (1 refused)': what the share sheet was given. */
export function sharedCount(made: number, refused: number): Message {
  const photos = photoCount(made);
  return refused > 0 ? msg('{photos} ({count} refused)', { photos, count: refused }) : photos;
}

/** '1 photo', '2 photos': the noun agrees with the count ('1 photos' is wrong), in the language shown. */
export function photoCount(count: number): Message {
  return msg('{count, plural, one {# photo} other {# photos}}', { count });
}
