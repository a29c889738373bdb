// Issue 38: the backends left for a tab because their self-tests drew wrong, kept in sessionStorage.
import { english } from '../../src/i18n/msg.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveBackend, leftBackends, leftBackendsNotice } from '../../src/engine/client/left-backends.ts';

/** A sessionStorage of one tab, as a Map. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the backends left', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('are none in a new tab, and are kept in the order they were left, each once', () => {
    expect(leftBackends()).toEqual([]);
    leaveBackend('webgpu');
    leaveBackend('webgpu');
    leaveBackend('webgl2');
    expect(leftBackends()).toEqual(['webgpu', 'webgl2']);
  });

  it('take nothing but backend names from what is stored', () => {
    sessionStorage.setItem('retrocam-left-backends', '["webgpu", "metal", 3, null]');
    expect(leftBackends()).toEqual(['webgpu']);
    sessionStorage.setItem('retrocam-left-backends', '{"webgpu": true}');
    expect(leftBackends()).toEqual([]);
    sessionStorage.setItem('retrocam-left-backends', 'not json');
    expect(leftBackends()).toEqual([]);
  });

  it('are none where storage throws, and leaving one there does not throw', () => {
    const throwing = fakeStorage();
    throwing.getItem = () => {
      throw new Error('SecurityError');
    };
    throwing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('sessionStorage', throwing);
    expect(() => leaveBackend('webgpu')).not.toThrow();
    expect(leftBackends()).toEqual([]);
  });

  it('are named in one notice with the backend that runs instead', () => {
    leaveBackend('webgpu');
    expect(english(leftBackendsNotice('webgl2'))).toBe(
      'WebGPU drew a test picture wrong on this device, so effects run on WebGL2.',
    );
    leaveBackend('webgl2');
    expect(english(leftBackendsNotice('cpu'))).toBe(
      'WebGPU and WebGL2 drew a test picture wrong on this device, so effects run on the CPU.',
    );
  });
});
