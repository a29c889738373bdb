// Issue 38: the thumbnail set is gathered into one atlas by Backend.copyInto; the CPU backend's copy,
// without a browser (a stand-in canvas gives it a 2d context it never draws on here).
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/engine/cpu/backend.ts';

function backend() {
  const canvas = { getContext: () => ({}) } as unknown as OffscreenCanvas;
  const made = createCpuBackend(canvas, () => undefined);
  if (!made) throw new Error('no CPU backend');
  return made;
}

describe('copyInto', () => {
  it('places the whole source at (x, y) and leaves every other texel as it was', async () => {
    const cpu = backend();
    const target = cpu.createTexture(5, 4, 'rgba8unorm');
    const source = cpu.createTexture(2, 3, 'rgba8unorm');
    const sourceBytes = Uint8Array.from({ length: 2 * 3 * 4 }, (_, i) => 100 + i);
    // The CPU backend's textures hold their bytes (src/pipeline/cpu/texture.ts).
    (source as unknown as { data: Uint8Array }).data.set(sourceBytes);
    cpu.copyInto(source, target, 3, 1);
    const out = await cpu.readPixels(target);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 5; x++) {
        const inside = x >= 3 && y >= 1 && y < 4;
        for (let c = 0; c < 4; c++) {
          const expected = inside ? (sourceBytes[((y - 1) * 2 + (x - 3)) * 4 + c] as number) : 0;
          expect(out[(y * 5 + x) * 4 + c], `texel ${x},${y} channel ${c}`).toBe(expected);
        }
      }
    }
  });
});
