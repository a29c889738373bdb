import { describe, expect, it } from 'vitest';
import {
  baseName,
  batchEntryName,
  batchPercent,
  photoCount,
  sharedCount,
  zipStarted,
} from '../../src/editor/batch.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { translate } from '../../src/i18n/translate-message.ts';
import { editSummary } from '../../src/editor/components/change-label.ts';
import { noCrop } from '../../src/crop/model/crop-choice.ts';
import { EMPTY_EDIT, type Edit } from '../../src/edit/edit.ts';
import { NO_FRAME } from '../../src/edit/frame.ts';
import { english, msg } from '../../src/i18n/msg.ts';
import type { MessageValues } from '../../src/i18n/i18n.ts';

describe('batch zip entry names', () => {
  it('are the source base name and the look', () => {
    expect(batchEntryName('holiday.png', 'ccdEffect', new Set())).toBe('holiday_ccdEffect.jpg');
    expect(baseName('photo.2024.jpeg')).toBe('photo.2024');
    expect(baseName('.hidden')).toBe('hidden');
  });

  it('stay unique when two sources share a base name (whatever the case or extension)', () => {
    const taken = new Set<string>();
    expect(batchEntryName('a.jpg', 'nokiaEffect', taken)).toBe('a_nokiaEffect.jpg');
    expect(batchEntryName('a.png', 'nokiaEffect', taken)).toBe('a_nokiaEffect-2.jpg');
    expect(batchEntryName('A.webp', 'nokiaEffect', taken)).toBe('A_nokiaEffect-3.jpg');
  });

  it('drop folders and characters a file system refuses', () => {
    expect(baseName('dir/sub\\x:y?.jpg')).toBe('x-y-');
    expect(baseName('\u0001.png')).toBe('photo');
    expect(baseName('   .png')).toBe('photo');
  });

  it('drop invisible format characters and leading dots, so no entry hides or reads as another type', () => {
    expect(baseName('holiday\u202Egpj.exe.jpg')).toBe('holidaygpj.exe');
    expect(batchEntryName('x\u202Egpj.exe', 'nokiaEffect', new Set())).toBe('xgpj_nokiaEffect.jpg');
    expect(baseName('\u200B\u2066a\u2069.jpg')).toBe('a');
    expect(baseName('._pg2016.jpg')).toBe('_pg2016');
    expect(batchEntryName('...hidden.png', 'ccdEffect', new Set())).toBe('hidden_ccdEffect.jpg');
    expect(baseName('\u202E.jpg')).toBe('photo');
  });
});

describe('batch messages', () => {
  it('count one photo as one', () => {
    expect(translate(photoCount(1))).toBe('1 photo');
    expect(translate(photoCount(0))).toBe('0 photos');
    expect(translate(photoCount(12))).toBe('12 photos');
  });

  it('are made as data and read in the language they are shown in', async () => {
    const started = zipStarted(3, 1, 2);
    const shared = sharedCount(2, 1);
    expect(translate(started)).toBe('Download started! 3 photos, 1 refused, 2 without the date taken.');
    expect(translate(shared)).toBe('2 photos (1 refused)');
    try {
      await activateLocale('de');
      expect(translate(started)).toBe('Download gestartet! 3 Fotos, 1 abgelehnt, 2 ohne Aufnahmedatum.');
      expect(translate(shared)).toBe('2 Fotos (1 abgelehnt)');
      await activateLocale('ja');
      expect(translate(shared)).toBe('2 枚の写真（1 件は除外）');
    } finally {
      await activateLocale('en');
    }
  });
});

describe('batch progress', () => {
  const files = Array.from({ length: 4 }, (_, i) => new File([], `${i}.jpg`));
  it('is 0 to 100 over all photos', () => {
    expect(batchPercent({ files, running: null, refusals: [] })).toBe(0);
    expect(batchPercent({ files, running: { index: 0, fraction: 0 }, refusals: [] })).toBe(0);
    expect(batchPercent({ files, running: { index: 1, fraction: 0.5 }, refusals: [] })).toBe(38);
    expect(batchPercent({ files, running: { index: 3, fraction: 1 }, refusals: [] })).toBe(100);
  });
});

describe("the batch's 'The edit on screen'", () => {
  // The English catalogue: the message itself, its values filled in.
  const t = (id: string, values?: MessageValues) => english(values ? msg(id, values) : id);
  it('names what the edit holds: its looks, its crop and its frame, in order', () => {
    const crop = { ...noCrop({ width: 800, height: 1000 }), aspect: '4-5' as const };
    const edit: Edit = {
      crop,
      steps: [{ kind: 'effect', id: 's1', effectId: 'ccdEffect', settings: {} }],
      frame: { ...NO_FRAME, id: 'instant-square' },
    };
    expect(editSummary(edit, t)).toBe('CCD, Crop 4:5, Instant square');
    expect(editSummary(EMPTY_EDIT, t)).toBe('No changes');
  });
});
