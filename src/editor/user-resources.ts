/**
 * What the user brings besides the photo, which the edit's steps name: their `.cube` files (by the hash
 * of their text, so two steps keep two tables), the masks they paint for Blur/Pixelate's draw mode and a
 * collage's picture (by ids given here). The page keeps them for as long as a version of the edit names
 * them, and hands each worker the ones its edit needs that it has not had yet (a restarted worker gets
 * them all again). Effects declare what a setting value needs (`needs`, `drawing`); this file says whether
 * the user has it.
 */
import { cubeTooLargeMessage, MAX_CUBE_BYTES } from '../grading/cube.ts';
import type { EffectDefinition, ResourceNeed } from '../effects/types.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';
import type { EditResources } from '../engine/protocol.ts';
import { resourcesOf, type Edit } from '../edit/edit.ts';
import type { Notify } from '../ui/notifications.ts';
import { msg, userText } from '../i18n/msg.ts';

/** The resources a message carries to a worker, and what it hands over with them. */
export interface ForWorker {
  resources: EditResources;
  transfer: Transferable[];
}

interface Cube {
  file: Blob;
  title: string;
}

export class UserResources {
  private readonly cubes = new Map<string, Cube>();
  /** The .cube loaded last: what a look newly set to 'Your .cube file' reads. */
  private latestCube: string | null = null;
  private readonly masks = new Map<string, ImageBitmap>();
  private readonly images = new Map<string, ImageBitmap>();
  /** What each worker has been given, by key (`cube:<hash>`, `mask:<id>`, `image:<id>`). */
  private readonly given = new WeakMap<EngineClient, Set<string>>();
  private serial = 0;
  /** The drawing overlay's canvas: its strokes are the mask of smart blur's draw mode. */
  private maskCanvas: HTMLCanvasElement | null = null;

  /** The title of the .cube loaded last. */
  get cubeTitle(): string | null {
    return this.latestCube ? (this.cubes.get(this.latestCube)?.title ?? null) : null;
  }

  /** The hash of the .cube loaded last (what a look newly set to 'Your .cube file' reads). */
  get latestCubeHash(): string | null {
    return this.latestCube;
  }

  /**
   * The user's own LUT: a file too large for any supported table is refused at once; the worker (`client`
   * gives the one running) reads and checks the rest, off this thread. Returns its hash and title once it
   * is read, else null, having said why.
   */
  async readCube(
    file: File,
    client: () => EngineClient | null,
    notify: Notify,
  ): Promise<{ hash: string; title: string } | null> {
    if (file.size > MAX_CUBE_BYTES) {
      notify('error', cubeTooLargeMessage(file.size));
      return null;
    }
    const reader = client();
    if (!reader) {
      notify('error', msg('Image processor not ready.'));
      return null;
    }
    const answer = await reader.loadCube(file);
    if (answer.error !== undefined || answer.cube === undefined || client() !== reader) {
      notify('error', answer.error ?? msg('Could not read {name}.', { name: userText(file.name) }));
      return null;
    }
    const title = answer.title ?? file.name;
    this.cubes.set(answer.cube, { file, title });
    this.latestCube = answer.cube;
    this.markGiven(reader, `cube:${answer.cube}`);
    return { hash: answer.cube, title };
  }

  /** A .cube a recipe brings (its text, already checked), under its hash. */
  addCube(hash: string, text: string, title: string): void {
    if (!this.cubes.has(hash))
      this.cubes.set(hash, { file: new Blob([text], { type: 'text/plain' }), title });
  }

  hasCube(hash: string): boolean {
    return this.cubes.has(hash);
  }

  cubeFile(hash: string): Blob | null {
    return this.cubes.get(hash)?.file ?? null;
  }

  /** The text of a .cube by its hash (a recipe embeds it); null when it is not held or cannot be read. */
  async cubeText(hash: string): Promise<string | null> {
    try {
      const cube = this.cubes.get(hash);
      return cube ? await cube.file.text() : null;
    } catch {
      return null;
    }
  }

  /** Whether the user has brought this kind of resource. */
  holds(resource: ResourceNeed['resource']): boolean {
    return resource === 'cube' && this.latestCube !== null;
  }

  /** What a setting value of the effect needs that the user has not brought (Filters' own .cube look). */
  unmetNeed(effect: EffectDefinition | undefined, name: string, value: unknown): ResourceNeed | undefined {
    return effect?.needs?.find(
      (need) => need.setting === name && String(need.value) === String(value) && !this.holds(need.resource),
    );
  }

  /**
   * A link's settings without those that need something this editor has not got, each dropped with the
   * warning the control itself gives: a link may name the user's own .cube look, which another visit (or
   * another person) has not loaded. Whatever a link holds, the editor must not end in an error for it.
   */
  usableSettings(
    effect: EffectDefinition,
    settings: Readonly<Record<string, string>>,
    warn: (message: string) => void,
  ): Record<string, string> {
    const usable = { ...settings };
    for (const [name, value] of Object.entries(settings)) {
      const need = this.unmetNeed(effect, name, value);
      if (!need) continue;
      delete usable[name];
      warn(need.missing);
    }
    return usable;
  }

  setMaskCanvas(canvas: HTMLCanvasElement | null): void {
    this.maskCanvas = canvas;
  }

  clearMask(): void {
    this.maskCanvas?.getContext('2d')?.clearRect(0, 0, this.maskCanvas.width, this.maskCanvas.height);
  }

  /** The painted mask as it is now, kept under a new id (null with no drawing overlay). */
  async takeMask(): Promise<string | null> {
    if (!this.maskCanvas) return null;
    const id = `m${++this.serial}`;
    this.masks.set(id, await createImageBitmap(this.maskCanvas));
    return id;
  }

  /** A mask's bitmap (a copy, for a save or a batch to hand over). */
  async maskCopy(id: string): Promise<ImageBitmap | null> {
    const mask = this.masks.get(id);
    return mask ? createImageBitmap(mask) : null;
  }

  /** A collage's picture (taken over), kept under a new id. */
  addImage(image: ImageBitmap): string {
    const id = `i${++this.serial}`;
    this.images.set(id, image);
    return id;
  }

  /** A copy of a collage's picture for `client`, which then holds it. */
  async imageCopy(client: EngineClient, id: string): Promise<ImageBitmap | null> {
    const image = this.images.get(id);
    if (!image) return null;
    this.markGiven(client, `image:${id}`);
    return createImageBitmap(image);
  }

  /**
   * What `edits` name that `client` has not been given yet, as the worker's messages carry them (the
   * bitmaps copied: the page keeps its own), with what is handed over. At once when no bitmap is to be
   * copied (a setting changed, the common case), so that the message leaves in the same task as the
   * change, before the page renders it; else once the copies are made.
   */
  forWorker(client: EngineClient, edits: readonly Edit[]): ForWorker | Promise<ForWorker> {
    const given = this.givenTo(client);
    const resources: Required<EditResources> = { cubes: [], masks: [], images: [] };
    const copies: { id: string; bitmap: ImageBitmap; into: { id: string; image: ImageBitmap }[] }[] = [];
    for (const edit of edits) {
      const named = resourcesOf(edit);
      for (const id of named.cubes) {
        const cube = this.cubes.get(id);
        if (!cube || given.has(`cube:${id}`)) continue;
        given.add(`cube:${id}`);
        resources.cubes.push({ id, file: cube.file });
      }
      for (const [kind, ids, held, into] of [
        ['mask', named.masks, this.masks, resources.masks],
        ['image', named.images, this.images, resources.images],
      ] as const) {
        for (const id of ids) {
          const bitmap = held.get(id);
          if (!bitmap || given.has(`${kind}:${id}`)) continue;
          given.add(`${kind}:${id}`);
          copies.push({ id, bitmap, into });
        }
      }
    }
    if (copies.length === 0) return { resources, transfer: [] };
    return (async () => {
      const transfer: Transferable[] = [];
      for (const { id, bitmap, into } of copies) {
        const image = await createImageBitmap(bitmap);
        transfer.push(image);
        into.push({ id, image });
      }
      return { resources, transfer };
    })();
  }

  /**
   * Lets go of the masks and pictures no version of the edit names any more (`kept`: every version the
   * history holds); returns their ids, for the worker to let go of too. The .cube files stay: they are
   * small beside a picture, and the next look may read them.
   */
  prune(kept: readonly Edit[]): { masks: string[]; images: string[] } {
    const masks = new Set(kept.flatMap((edit) => resourcesOf(edit).masks));
    const images = new Set(kept.flatMap((edit) => resourcesOf(edit).images));
    const dropped = { masks: [] as string[], images: [] as string[] };
    for (const [id, bitmap] of this.masks) {
      if (masks.has(id)) continue;
      bitmap.close();
      this.masks.delete(id);
      dropped.masks.push(id);
    }
    for (const [id, bitmap] of this.images) {
      if (images.has(id)) continue;
      bitmap.close();
      this.images.delete(id);
      dropped.images.push(id);
    }
    return dropped;
  }

  private givenTo(client: EngineClient): Set<string> {
    let given = this.given.get(client);
    if (!given) {
      given = new Set();
      this.given.set(client, given);
    }
    return given;
  }

  private markGiven(client: EngineClient, key: string): void {
    this.givenTo(client).add(key);
  }
}
