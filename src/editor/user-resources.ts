/**
 * What the user brings besides the photo: their own .cube look, and the freehand mask they paint for
 * smart blur's draw mode. Effects declare what a setting value needs (`needs`, `drawing`); this file
 * says whether the user has it, and hands it to a worker (again, to a restarted one).
 */
import type { EffectDefinition, ResourceNeed } from '../effects/types.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';

export class UserResources {
  /** The user's own .cube file and its title, once a worker has read it. */
  private cube: { file: Blob; title: string } | null = null;
  /** The drawing overlay's canvas: its strokes are the mask of smart blur's draw mode. */
  private maskCanvas: HTMLCanvasElement | null = null;

  get cubeTitle(): string | null {
    return this.cube?.title ?? null;
  }

  /** A worker has read and checked this .cube file. */
  cubeLoaded(file: Blob, title: string): void {
    this.cube = { file, title };
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
