/** Test files for the component tier: the fixtures as the dev server serves them, and made-up files. */

/** A file of tests/fixtures (e.g. 'kodak/kodim05.png'), named as it is there. */
export async function fixture(path: string, type = ''): Promise<File> {
  const response = await fetch(`/tests/fixtures/${path}`);
  if (!response.ok) throw new Error(`No fixture ${path}: ${response.status}`);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return new File([await response.blob()], name, { type });
}

/** A file of these bytes (base64 or raw). */
export function fileOf(name: string, type: string, bytes: string | Uint8Array<ArrayBuffer>): File {
  const data = typeof bytes === 'string' ? Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0)) : bytes;
  return new File([data], name, { type });
}

/** A 1x1 GIF: a real image in a format the app refuses. */
export const GIF_1X1 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Hands files to an <input type=file> as the picker would, firing its change event. */
export function choose(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Drops files on an element as a drag from the desktop would. */
export function drop(target: Element, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

/** Pastes files (and text) on the focused element as Ctrl/Cmd+V would. */
export function paste(files: File[], text = ''): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  if (text) transfer.setData('text/plain', text);
  const target = document.activeElement ?? document.body;
  target.dispatchEvent(
    new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transfer }),
  );
}
