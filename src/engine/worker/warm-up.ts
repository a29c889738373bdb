/**
 * Programs made before they are needed. Compiling a pipeline or a shader program is what a
 * first apply waits for (one after another when the passes ask for them).
 * Here a chain's programs are all asked for at once before its passes run, so the browser compiles them
 * in parallel, off the worker's thread; and while the photo decodes or the worker is idle, the effects the
 * user is likely to choose next are prepared in that order, one effect at a time.
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import type { Backend } from '../backend.ts';
import { chainPrograms } from '../program-plan.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { stepStages } from '../../effects/strength.ts';

interface Size {
  width: number;
  height: number;
}

/** The size effects are prepared for before a photo is loaded: the editor's processing size. */
const TYPICAL_SIZE: Size = { width: 1080, height: 720 };

export class ProgramWarmer {
  private waiting: string[] = [];
  private busy = false;

  constructor(
    private readonly backend: Backend,
    /** The size of the image effects will run on, when there is one. */
    private readonly imageSize: () => Size | null,
    /** Whether the worker has nothing else to do (no message waiting). */
    private readonly idle: () => boolean,
  ) {}

  /** Before a chain runs: every program it needs, made at once (only the missing ones are made). */
  forChain(chain: readonly StageInvocation[], size: Size): Promise<void> {
    return this.backend.prepare(chainPrograms(chain, size, this.backend.workgroupMemory));
  }

  /** From now on, prepares these effects at their defaults, in this order, whenever the worker is idle. */
  effects(effectIds: readonly string[]): void {
    this.waiting = [...effectIds];
    this.pump();
  }

  /** Prepares the next effect if the worker is idle and none is being prepared; called after each message. */
  pump(): void {
    if (this.busy || !this.idle()) return;
    const effect = findEffect(this.waiting.shift());
    if (!effect) {
      if (this.waiting.length > 0) this.pump();
      return;
    }
    if (effect.runsOn !== 'worker') return this.pump();
    const size = this.imageSize() ?? TYPICAL_SIZE;
    this.busy = true;
    // Not awaited by the worker's queue: an apply that arrives meanwhile runs at once.
    this.forChain(stepStages(effect, resolveSettings(effect, {}), size), size)
      .catch(() => undefined)
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }
}
