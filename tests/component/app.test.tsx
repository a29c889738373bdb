// The app's pages and shared pieces in the component tier: the routes and the not-found page, the privacy
// page's sections, notifications closing after 5 s on fake timers, the look link written as the look
// changes (and at most once an interval while it changes fast), and pasting into the editor.
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { App } from '../../src/app/App.tsx';
import { NotificationBanner } from '../../src/editor/components/NotificationBanner.tsx';
import { createLinkWriter } from '../../src/session/look-link.ts';
import { notifyAtom } from '../../src/ui/notifications.ts';
import { seriousViolations } from './support/axe.ts';
import { editorRoot, idle, loadPhoto, openEditor, settled, settledOn } from './support/editor.tsx';
import { fileOf, fixture, paste } from './support/files.ts';
import { nextTask, render, renderAt } from './support/render.tsx';

describe('routes', () => {
  test('the landing page, the privacy page and the editor each have their route', async () => {
    const landing = renderAt('/', <App />);
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Make new photos look old.');
    landing.unmount();
    const privacy = renderAt('/privacy', <App />);
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent(/Privacy/);
    privacy.unmount();
    renderAt('/editor', <App />);
    await expect.element(page.getByTestId('editor')).toBeVisible();
  });

  test('an unknown path shows a not-found page whose link goes home', async () => {
    const { history } = renderAt('/no/such/page', <App />);
    await expect.element(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect.poll(() => history.at(-1)).toBe('/');
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Make new photos look old.');
  });

  test('the privacy page: six sections, the policy points, the contact address and the effective date; axe finds nothing serious', async () => {
    renderAt('/privacy', <App />);
    const main = page.getByRole('main');
    await expect.element(main).toBeVisible();
    expect([...main.element().querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      '1. Overview',
      '2. Information We Collect',
      '3. Third-Party Services',
      '4. Your Rights',
      '5. Changes to This Policy',
      '6. Contact',
    ]);
    for (const text of [
      'Effective date: 14 October 2025',
      'No personal data, photos or analytics are sent to our servers',
      'No advertising or tracking.',
      'may keep standard server logs',
      'third-party in-app purchase and subscription service',
      'purchase receipts and an anonymous app user identifier',
    ])
      expect(main.element().textContent).toContain(text);
    await expect.element(main.getByRole('link', { name: 'hello@retrocam.app' })).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('notifications', () => {
  function show(kind: 'info' | 'error' | 'warning' | 'success', message: string, durationMs?: number) {
    const { store } = render(<NotificationBanner />);
    store.set(notifyAtom, { kind, message, ...(durationMs ? { durationMs } : {}) });
    return store;
  }

  /** React renders and runs its effects (the banner's timer) in real tasks. */
  async function shown() {
    for (let i = 0; i < 5; i++) await nextTask();
  }

  test('a notification closes by itself after 5 s, not before (fake timers)', async () => {
    vi.useFakeTimers();
    show('info', 'Applied Nokia.');
    await shown();
    const note = page.getByTestId('notification');
    expect(note.element().textContent).toContain('Applied Nokia.');
    await vi.advanceTimersByTimeAsync(4990);
    await shown();
    expect(note.query()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(20);
    await shown();
    expect(note.query()).toBeNull();
  });

  test('a newer notification goes on top; the older stays under it, each on its own time (fake timers)', async () => {
    vi.useFakeTimers();
    const store = show('info', 'first');
    await shown();
    await vi.advanceTimersByTimeAsync(4000);
    store.set(notifyAtom, { kind: 'warning', message: 'second' });
    await shown();
    expect(page.getByTestId('notification').element().textContent).toContain('second');
    expect(page.getByTestId('notification-earlier').element().textContent).toContain('first');
    await vi.advanceTimersByTimeAsync(1010);
    await shown();
    // The first's 5 s are over, the second's not.
    expect(page.getByTestId('notification-earlier').query()).toBeNull();
    expect(page.getByTestId('notification').element().textContent).toContain('second');
    await vi.advanceTimersByTimeAsync(4000);
    await shown();
    expect(page.getByTestId('notification').query()).toBeNull();
  });

  test('an error is still shown 10 s later; a press elsewhere (the user acting again) closes it, a press on it or Tab does not', async () => {
    vi.useFakeTimers();
    const store = show('error', 'This file is not a photo the editor can open.');
    store.set(notifyAtom, { kind: 'success', message: 'Saved.' });
    await shown();
    await vi.advanceTimersByTimeAsync(10_000);
    await shown();
    // The success had its 5 s; the error stays.
    expect(page.getByTestId('notification').element().getAttribute('data-kind')).toBe('error');
    expect(page.getByTestId('notification-earlier').query()).toBeNull();
    const note = page.getByTestId('notification').element();
    note.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    await shown();
    expect(page.getByTestId('notification').query()).not.toBeNull();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await shown();
    expect(page.getByTestId('notification').query()).toBeNull();
  });

  test('two Undos offered in a row both stay, and each restores its own', async () => {
    const undone: string[] = [];
    const { store } = render(<NotificationBanner />);
    for (const name of ['A', 'B'])
      store.set(notifyAtom, {
        kind: 'info',
        message: `Deleted ${name}.`,
        durationMs: 10_000,
        action: { label: 'Undo', run: () => undone.push(name) },
      });
    await expect.element(page.getByTestId('notification')).toHaveTextContent('Deleted B.');
    await page.getByTestId('notification').getByRole('button', { name: 'Undo' }).click();
    await expect.element(page.getByTestId('notification')).toHaveTextContent('Deleted A.');
    await page.getByTestId('notification').getByRole('button', { name: 'Undo' }).click();
    expect(undone).toEqual(['B', 'A']);
    await expect.element(page.getByTestId('notification')).not.toBeInTheDocument();
  });

  test('errors and warnings are alerts, other news a status; the close button closes it at once', async () => {
    const store = show('error', 'Failed to load image file');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to load image file');
    store.set(notifyAtom, { kind: 'success', message: 'Saved.' });
    await expect.element(page.getByRole('status')).toHaveTextContent('Saved.');
    // The error stays under the newer news.
    await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to load image file');
    expect(await seriousViolations()).toEqual([]);
    await page.getByTestId('notification').getByRole('button', { name: 'Close notification' }).click();
    await expect.element(page.getByTestId('notification')).toHaveAttribute('data-kind', 'error');
    await page.getByTestId('notification').getByRole('button', { name: 'Close notification' }).click();
    await expect.element(page.getByTestId('notification')).not.toBeInTheDocument();
  });

  test('an action button runs its action inside the click and closes the notification', async () => {
    const run = vi.fn();
    const { store } = render(<NotificationBanner />);
    store.set(notifyAtom, { kind: 'info', message: 'Ready to share', action: { label: 'Share', run } });
    await page.getByTestId('notification-action').click();
    expect(run).toHaveBeenCalledTimes(1);
    await expect.element(page.getByTestId('notification')).not.toBeInTheDocument();
  });
});

describe('the look link', () => {
  test('the writer writes at once, then at most once an interval, the newest look last', () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const writer = createLinkWriter(
      (search) => written.push(search),
      250,
      () => Date.now(),
    );
    writer.request('?a=1');
    for (let i = 2; i <= 10; i++) writer.request(`?a=${i}`);
    expect(written).toEqual(['?a=1']);
    vi.advanceTimersByTime(249);
    expect(written).toEqual(['?a=1']);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['?a=1', '?a=10']);
    writer.request('?a=11');
    writer.cancel();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(['?a=1', '?a=10']);
  });

  test("the editor's address follows the chosen look, so it can be shared", async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await page.getByTestId('effect-vibrance').click();
    await settledOn('vibrance');
    await expect.poll(() => new URLSearchParams(location.search).get('effect')).toBe('vibrance');
  });
});

describe('paste in the editor', () => {
  /** The save option's photo size, '(width × height)': which photo the editor holds. */
  const photoSize = () => document.querySelector('.save-option-size')?.textContent ?? '';

  test('an image pasted in the editor loads like an upload', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    const before = editorRoot().element().getAttribute('data-photo-serial');
    paste([await fixture('kodak/kodim04.png', 'image/png')]);
    await expect.element(editorRoot()).not.toHaveAttribute('data-photo-serial', before ?? '');
    await expect.poll(photoSize).toContain('(512 × 768)');
  });

  test('a paste into a text field stays the field’s, and text alone loads nothing', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    await page.getByTestId('effect-vibrance').click();
    await settledOn('vibrance');
    (page.getByTestId('setting-vibrance').element() as HTMLElement).focus();
    paste([await fixture('kodak/kodim04.png', 'image/png')]);
    (document.activeElement as HTMLElement).blur();
    paste([], 'hello');
    // Then an image pasted outside any field: it is the only photo taken after the first (had either
    // paste above been taken, its photo would have come first and the serial would be past 2).
    const canvas = new OffscreenCanvas(300, 200);
    canvas.getContext('2d')!.fillRect(0, 0, 300, 200);
    paste([new File([await canvas.convertToBlob({ type: 'image/png' })], 'grey.png', { type: 'image/png' })]);
    await expect.poll(photoSize).toContain('(300 × 200)');
    await settled();
    expect(await idle()).toMatchObject({ requests: 0 });
    expect(editorRoot().element().getAttribute('data-photo-serial')).toBe('2');
    expect(page.getByTestId('notification').query()).toBeNull();
  });

  test("a pasted text file gets the intake's message and the photo stays", async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    paste([fileOf('notes.txt', 'text/plain', new TextEncoder().encode('just some notes'))]);
    await expect
      .element(page.getByTestId('notification'))
      .toHaveTextContent('Unsupported file format. Supported formats: JPG, PNG, WEBP.');
    await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
    expect(photoSize()).toContain('(768 × 512)');
  });
});
