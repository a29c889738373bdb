/**
 * Bringing WebGL2 up on the canvas, after the self-test (issue 38) where the choice is automatic. A canvas
 * takes one kind of context for good, and the CPU backend needs the canvas's own: so WebGL2 is first
 * tried on a scratch canvas of its own, and the editor's canvas is given a WebGL2 context only once that
 * has drawn the test picture right. A driver that draws wrong leaves the canvas to the CPU backend.
 */
import type { Backend } from '../backend.ts';
import { createWebGl2Backend, type WebGl2Options } from './backend.ts';

/**
 * A software rasteriser (SwiftShader, llvmpipe): not a driver that can draw wrong, and on it the test's
 * programs cost a start time the user would wait for.
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

/** The renderer's name where the browser tells it, else its generic one. */
function rendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/**
 * Null when the check passed or was not run (no check, a software renderer without `checkSoftware`, or no
 * scratch context: then the canvas's own attempt says why), else why WebGL2 is left.
 */
async function checkOnScratch(
  check: (backend: Backend) => Promise<string | null>,
  checkSoftware: boolean,
): Promise<string | null> {
  const scratch = new OffscreenCanvas(1, 1);
  const backend = createWebGl2Backend(scratch, () => undefined);
  if (!backend) return null;
  const gl = scratch.getContext('webgl2');
  try {
    if (!checkSoftware && gl && SOFTWARE_RENDERER.test(rendererName(gl))) return null;
    return await check(backend);
  } finally {
    backend.destroy();
    // The scratch context goes at once rather than when it is collected (browsers cap live contexts).
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/** WebGL2 on `canvas`, or null (the reason goes to `log`): after `check`, where one is given. */
export async function createCheckedWebGl2Backend(
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  options: WebGl2Options,
  check?: (backend: Backend) => Promise<string | null>,
  checkSoftware = false,
): Promise<Backend | null> {
  if (check) {
    const reason = await checkOnScratch(check, checkSoftware);
    if (reason) {
      log(`WebGL2: ${reason}`);
      return null;
    }
  }
  return createWebGl2Backend(canvas, log, options);
}
