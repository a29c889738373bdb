/**
 * How a feature shows a new version of the edit its rule has made (a crop, a recipe, a collage).
 */
import { cleanMessage, ENGINE_STOPPED, WorkerReplyError } from '../engine/client/engine-client.ts';
import { errorReceived, type EditorState } from './editor-state.ts';
import { editRefused } from './edit-state.ts';
import type { FeatureHost } from './host.ts';

/**
 * Shows a new version of the edit that the host's state now holds (a crop, a recipe): if the worker
 * cannot make it, it still shows what it showed, so the editor goes back to the history and status it
 * had (`before`) and says why.
 */
export async function showOrPutBack(
  host: FeatureHost,
  before: Pick<EditorState, 'history' | 'workerStatus'>,
): Promise<boolean> {
  try {
    await host.showEdit();
    return true;
  } catch (error) {
    if (error instanceof WorkerReplyError)
      host.run((s) => editRefused(s, before, cleanMessage(error.message)));
    // A worker that stopped is restarted with the edit, which says so: nothing to add here.
    else if (!(error instanceof Error && error.message === ENGINE_STOPPED))
      host.run((s) => errorReceived(s, error instanceof Error ? error.message : String(error)));
    return false;
  }
}
