import { describe, expect, it } from 'vitest';
import { baseName, batchEntryName, batchPercent } from '../../src/editor/batch.ts';

describe('batch zip entry names', () => {
  it('are the source base name and the look', () => {
    expect(batchEntryName('holiday.png', 'ccdEffect', new Set())).toBe('holiday_ccdEffect.jpg');
    expect(baseName('photo.2024.jpeg')).toBe('photo.2024');
    expect(baseName('.hidden')).toBe('.hidden');
  });

  it('stay unique when two sources share a base name (whatever the case or extension)', () => {
    const taken = new Set<string>();
    expect(batchEntryName('a.jpg', 'nokiaEffect', taken)).toBe('a_nokiaEffect.jpg');
    expect(batchEntryName('a.png', 'nokiaEffect', taken)).toBe('a_nokiaEffect-2.jpg');
    expect(batchEntryName('A.webp', 'nokiaEffect', taken)).toBe('A_nokiaEffect-3.jpg');
  });

  it('drop folders and characters a file system refuses', () => {
    expect(baseName('dir/sub\\x:y?.jpg')).toBe('x_y_');
    expect(baseName('\u0001.png')).toBe('_');
    expect(baseName('   .png')).toBe('photo');
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
