// The address's test options (src/ui/test-hooks.ts): honoured only on a loopback host, each held to a
// range, so a link to the public site carrying them changes nothing.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, TEST_OPTION_RANGES, testOptions } from '../../src/ui/test-hooks.ts';

const HOSTILE =
  '?testHooks=1&tileLimit=1&decodeDelay=999999&breakEngine=webgpu,webgl2&recipeQuota=0&thumbnails=0';

describe('the test options', () => {
  it('are ignored on any host that is not loopback', () => {
    for (const host of [
      'retrocam.app',
      'retrocam.test',
      '192.168.1.5',
      '10.0.0.1',
      '[::2]',
      'localhost.evil.com',
    ])
      expect(testOptions(HOSTILE, host)).toBeNull();
  });

  it('are read on a loopback name or address', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3', 'LOCALHOST'])
      expect(isLoopbackHost(host)).toBe(true);
    expect(testOptions('?testHooks=1&thumbnails=0&warmUp=0', '127.0.0.1')).toEqual({
      noThumbnails: true,
      noWarmUp: true,
    });
    expect(testOptions('?tileLimit=512', '127.0.0.1')).toBeNull();
  });

  it('are each held to a sane range', () => {
    expect(testOptions(HOSTILE, 'localhost')).toEqual({
      tileLimit: TEST_OPTION_RANGES.tileLimit.min,
      decodeDelayMs: TEST_OPTION_RANGES.decodeDelay.max,
      recipeQuotaBytes: 0,
      noThumbnails: true,
      breakEngine: ['webgpu', 'webgl2'],
    });
    expect(TEST_OPTION_RANGES.tileLimit.min).toBeGreaterThanOrEqual(64);
    const options = testOptions('?testHooks=1&tileLimit=1e9&workerTimeout=1&recipeQuota=-5', '[::1]');
    expect(options).toEqual({
      tileLimit: TEST_OPTION_RANGES.tileLimit.max,
      workerTimeoutMs: TEST_OPTION_RANGES.workerTimeout.min,
      recipeQuotaBytes: 0,
    });
    expect(testOptions('?testHooks=1&tileLimit=abc&decodeDelay=', '127.0.0.1')).toEqual({});
  });
});
