import { describe, expect, it } from 'vitest';
import { downloadFileName, savedFileName } from '../../src/ui/download.ts';

describe('saved file names', () => {
  const now = new Date(2026, 10, 25, 9, 5, 7);

  it('are the spec name: prefix, the effect id or original, the time, .jpg', () => {
    expect(downloadFileName('ccd', now)).toBe('retrocam_ccd_20261125-090507.jpg');
    expect(downloadFileName(null, now)).toBe('retrocam_original_20261125-090507.jpg');
  });

  it('never repeat: saves in the same second get -2, -3', () => {
    const taken = new Set<string>();
    expect(savedFileName('ccd', now, taken)).toBe('retrocam_ccd_20261125-090507.jpg');
    expect(savedFileName('ccd', now, taken)).toBe('retrocam_ccd_20261125-090507-2.jpg');
    expect(savedFileName('ccd', now, taken)).toBe('retrocam_ccd_20261125-090507-3.jpg');
    expect(savedFileName('nokia', now, taken)).toBe('retrocam_nokia_20261125-090507.jpg');
  });
});
