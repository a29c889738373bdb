/**
 * Ctrl/Cmd+V: the file a paste brings, taken by the landing page and the editor as an upload (the same
 * intake, the same checks and messages).
 */

const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

/** Whether the element is a field the user types into (its paste, its keys, are its own). */
export function isTextField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

/**
 * The file a paste brings: its first image, else its first file of any kind (which the intake then refuses
 * with its own message); null when it holds no file (text).
 */
export function pastedFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  const files = [...data.files];
  // Some browsers list a pasted file only among the items.
  if (files.length === 0) {
    for (const item of data.items) {
      if (item.kind !== 'file') continue;
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  return files.find((file) => file.type.startsWith('image/')) ?? files[0] ?? null;
}

/**
 * Listens for pastes on the page and hands their file to `take`; returns the function that stops
 * listening. A paste into a text field, one while `busyElsewhere` holds (a dialog has the keys), and one
 * without a file (text) are left alone.
 */
export function listenForPastedFiles(take: (file: File) => void, busyElsewhere?: () => boolean): () => void {
  const paste = (event: ClipboardEvent) => {
    if (event.defaultPrevented || isTextField(event.target) || isTextField(document.activeElement)) return;
    if (busyElsewhere?.()) return;
    const file = pastedFile(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    take(file);
  };
  document.addEventListener('paste', paste);
  return () => document.removeEventListener('paste', paste);
}
