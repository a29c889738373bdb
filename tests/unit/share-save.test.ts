// Issue 27, point 2: a save on a phone that can share files goes through the share sheet, named as a
// download would be; a closed sheet is no error, a sheet refused for want of a tap waits for the next tap,
// a sheet that cannot take the file falls back to the spec's path; a desktop still downloads.
import { MessageError, type Shown } from '../../src/i18n/msg.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { translate } from '../../src/i18n/translate-message.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { triggerDownload } from '../../src/ui/download.ts';
import { IOS_SAVE_MESSAGE, isPhone } from '../../src/ui/export.ts';
import {
  runSave,
  SHARE_CANCELLED_MESSAGE,
  SHARE_TAP_MESSAGE,
  SHARED_MESSAGE,
} from '../../src/editor/saving.ts';
import type { NotificationAction, NotificationKind } from '../../src/ui/notifications.ts';

// Downloads are recorded, not made (there is no document here).
vi.mock('../../src/ui/download.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  triggerDownload: vi.fn(),
}));

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';

interface Note {
  kind: NotificationKind;
  message: Shown;
  action?: NotificationAction;
}

function browser(userAgent: string, share?: (data: ShareData) => Promise<void>, canShare = true) {
  const shared: File[][] = [];
  const shareFn = vi.fn(async (data: ShareData) => {
    shared.push(data.files ?? []);
    await share?.(data);
  });
  vi.stubGlobal('navigator', {
    userAgent,
    maxTouchPoints: userAgent === DESKTOP ? 0 : 5,
    share: shareFn,
    canShare: (data: ShareData) => canShare && (data.files ?? []).every((f) => f.type === 'image/jpeg'),
  });
  return { shared, shareFn };
}

function save(notes: Note[], busy: boolean[] = []) {
  return runSave(
    {
      preparing: 'Preparing image...',
      make: () =>
        Promise.resolve({ blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) }),
      step: 'ccd',
      done: { kind: 'success', message: 'Download started!' },
      failure: 'Download failed',
      busy: (on) => busy.push(on),
    },
    (kind, message, _duration, action) => notes.push({ kind, message, ...(action ? { action } : {}) }),
  );
}

const domError = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => vi.mocked(triggerDownload).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('saving on a phone that can share files', () => {
  it('shares one JPEG named as the download would be, and downloads nothing', async () => {
    const { shared } = browser(ANDROID);
    const notes: Note[] = [];
    const busy: boolean[] = [];
    await save(notes, busy);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toHaveLength(1);
    const file = shared[0]![0]!;
    expect(file.name).toMatch(/^retrocam_ccd_\d{8}-\d{6}(-\d+)?\.jpg$/);
    expect(file.type).toBe('image/jpeg');
    expect(file.size).toBe(3);
    expect(triggerDownload).not.toHaveBeenCalled();
    expect(notes.map((n) => n.message)).toEqual(['Preparing image...', SHARED_MESSAGE]);
    expect(busy).toEqual([true, false]);
  });

  it('takes a closed sheet (AbortError) as no error', async () => {
    browser(ANDROID, () => Promise.reject(domError('AbortError')));
    const notes: Note[] = [];
    await save(notes);
    expect(notes.at(-1)).toEqual({ kind: 'info', message: SHARE_CANCELLED_MESSAGE });
    expect(notes.some((n) => n.kind === 'error')).toBe(false);
    expect(triggerDownload).not.toHaveBeenCalled();
  });

  it('keeps the file for the next tap when the sheet wants a fresh activation (NotAllowedError)', async () => {
    let refuse = true;
    const { shared } = browser(ANDROID, () => {
      if (!refuse) return Promise.resolve();
      refuse = false;
      return Promise.reject(domError('NotAllowedError'));
    });
    const notes: Note[] = [];
    await save(notes);
    const offer = notes.at(-1)!;
    expect(offer.message).toBe(SHARE_TAP_MESSAGE);
    expect(offer.action?.label).toBe('Share');
    offer.action!.run();
    await vi.waitFor(() => expect(notes.at(-1)?.message).toBe(SHARED_MESSAGE));
    expect(shared).toHaveLength(2);
    expect(shared[1]![0]).toBe(shared[0]![0]);
    expect(triggerDownload).not.toHaveBeenCalled();
  });

  it('downloads the file when the sheet cannot take it', async () => {
    const { shared } = browser(ANDROID, () => Promise.reject(new TypeError('no files')));
    const notes: Note[] = [];
    await save(notes);
    expect(shared).toHaveLength(1);
    expect(triggerDownload).toHaveBeenCalledTimes(1);
    expect(vi.mocked(triggerDownload).mock.calls[0]![1]).toBe(shared[0]![0]!.name);
    expect(notes.at(-1)).toEqual({ kind: 'success', message: 'Download started!' });
  });

  it('shares on an iPhone that can share files, without the new tab', async () => {
    const { shared } = browser(IPHONE);
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    await save([]);
    expect(shared).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('saving elsewhere', () => {
  it('downloads on a desktop, even one whose browser can share files', async () => {
    const { shareFn } = browser(DESKTOP);
    const notes: Note[] = [];
    await save(notes);
    expect(shareFn).not.toHaveBeenCalled();
    expect(triggerDownload).toHaveBeenCalledTimes(1);
    expect(notes.at(-1)).toEqual({ kind: 'success', message: 'Download started!' });
  });

  it('opens the new tab inside the click on an iPhone that cannot share files', async () => {
    const { shareFn } = browser(IPHONE, undefined, false);
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('window', { open });
    const notes: Note[] = [];
    await save(notes);
    expect(open).toHaveBeenCalledTimes(1);
    expect(shareFn).not.toHaveBeenCalled();
    expect(tab.location.href).toMatch(/^blob:/);
    expect(notes.at(-1)?.message).toBe(IOS_SAVE_MESSAGE);
  });

  it('tells a phone by its user agent or a coarse pointer', () => {
    expect(isPhone(ANDROID, 5, false)).toBe(true);
    expect(isPhone(IPHONE, 5, false)).toBe(true);
    expect(isPhone(DESKTOP, 0, true)).toBe(true);
    expect(isPhone(DESKTOP, 0, false)).toBe(false);
  });
});

describe('a save that fails', () => {
  afterEach(() => activateLocale('en'));

  it('says why in the language the notice is shown in, the reason a message translated in turn', async () => {
    browser(DESKTOP);
    const notes: Note[] = [];
    const failing = (error: Error) =>
      runSave(
        {
          preparing: 'Preparing image...',
          make: () => Promise.reject(error),
          step: 'ccd',
          done: { kind: 'success', message: 'Download started!' },
          failure: 'Download failed',
          busy: () => undefined,
        },
        (kind, message) => notes.push({ kind, message }),
      );
    await failing(new Error('The disk is full'));
    await failing(new MessageError('Sharing cancelled.'));
    const [browserWords, ours] = notes.filter((note) => note.kind === 'error').map((note) => note.message);
    expect(translate(browserWords!)).toBe('Download failed: The disk is full');
    await activateLocale('de');
    // The browser's own words are data; the sentence around them follows the language.
    expect(translate(browserWords!)).toBe('Download fehlgeschlagen: The disk is full');
    expect(translate(ours!)).toBe('Download fehlgeschlagen: Teilen abgebrochen.');
    await activateLocale('fr');
    expect(translate(browserWords!)).toBe('Échec du téléchargement : The disk is full');
  });
});
