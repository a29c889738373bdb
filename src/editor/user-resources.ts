/**
 * What the user brings besides the photo: their own .cube look, and the freehand mask they paint for
 * smart blur's draw mode. Effects declare what a setting value needs (`needs`, `drawing`); this file
 * says whether the user has it, and hands it to a worker (again, to a restarted one).
 */
import { cubeTooLargeMessage, MAX_CUBE_BYTES } from '../grading/cube.ts';
import type { EffectDefinition, ResourceNeed } from '../effects/types.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';
import type { Notify } from '../ui/notifications.ts';
import { t } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';

export class UserResources {
  /** The user's own .cube file and its title, once a worker has read it. */
  private cube: { file: Blob; title: string } | null = null;
  /** The drawing overlay's canvas: its strokes are the mask of smart blur's draw mode. */
  private maskCanvas: HTMLCanvasElement | null = null;

  get cubeTitle(): string | null {
    return this.cube?.title ?? null;
  }

  /**
   * The user's own LUT: a file too large for any supported table is refused at once; the worker (`client`
   * gives the one running) reads and checks the rest, off this thread. Returns its title once it is read,
   * else null, having said why.
   */
  async readCube(file: File, client: () => EngineClient | null, notify: Notify): Promise<string | null> {
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
    if (answer.error !== undefined || client() !== reader) {
      notify('error', answer.error ?? t('Could not read {name}.', { name: file.name }));
      return null;
    }
    const title = answer.title ?? file.name;
    this.cube = { file, title };
    return title;
  }

  /** The text of the user's .cube file (a recipe embeds it); null without one, or when it cannot be read. */
  async cubeText(): Promise<string | null> {
    try {
      return this.cube ? await this.cube.file.text() : null;
    } catch {
      return null;
    }
  }

  /** Whether the user has brought this kind of resource. */
  holds(resource: ResourceNeed['resource']): boolean {
    return resource === 'cube' && this.cube !== null;
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

  /** Gives a fresh worker what the old one had read. */
  async restore(client: EngineClient): Promise<void> {
    if (this.cube) await client.loadCube(this.cube.file);
  }

  setMaskCanvas(canvas: HTMLCanvasElement | null): void {
    this.maskCanvas = canvas;
  }

  clearMask(): void {
    this.maskCanvas?.getContext('2d')?.clearRect(0, 0, this.maskCanvas.width, this.maskCanvas.height);
  }

  /** The painted mask as a bitmap (null with no drawing overlay). */
  async mask(): Promise<ImageBitmap | null> {
    return this.maskCanvas ? createImageBitmap(this.maskCanvas) : null;
  }
}
