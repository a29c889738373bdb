/** The editor's keys: its shortcuts, backslash held for the image before the effect, Escape for a save. */
import { useEffect } from 'react';
import { commandForKey, type CommandUi } from './commands.ts';
import type { EditorController } from './controller.ts';
import { focusKind } from '../ui/focus.ts';
import type { Store } from '../ui/jotai.ts';
import { exportProgressAtom } from '../ui/atoms.ts';

/** Views that take the keys and pastes while they are open: dialogs, the camera, the crop tool. */
export const MODAL_VIEWS = 'dialog[open], .camera, .crop-tool';

/**
 * Keyboard shortcuts (commands.ts); backslash held shows the image before the effect; Escape stops a
 * full-resolution save; the page shown again tells the controller.
 */
export function useEditorKeys(controller: EditorController, ui: CommandUi, store: Store, mac: boolean): void {
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      // A dialog (the shortcuts list, the camera) has the keys while it is open.
      if (document.querySelector(MODAL_VIEWS)) return;
      if (event.key === 'Escape' && store.get(exportProgressAtom) !== null) {
        event.preventDefault();
        controller.saves.cancelExport();
        return;
      }
      const focus = focusKind(event.target);
      if (event.key === '\\' && focus !== 'text') {
        controller.showOriginal(true);
        return;
      }
      const command = commandForKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          focus,
        },
        mac,
      );
      if (!command) return;
      event.preventDefault();
      if (command.enabled(controller.state)) command.perform(controller, ui);
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === '\\') controller.showOriginal(false);
    };
    const visibility = () => {
      if (document.visibilityState === 'visible') controller.pageVisible();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [controller, ui, store, mac]);
}
