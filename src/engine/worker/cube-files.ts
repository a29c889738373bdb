// The user's .cube files in the worker: read off the page's thread, parsed, and kept by the engine's
// resources under the hash of their text, the name the edit's steps give them.
import { contentHash } from '../../grading/content-hash.ts';
import { CubeFormatError, cubeTooLargeMessage, MAX_CUBE_BYTES, parseCube } from '../../grading/cube.ts';
import { msg } from '../../i18n/msg.ts';
import type { CubeLoadedMessage } from '../protocol.ts';
import type { EngineResources } from './resources.ts';

/** Reads a .cube file and keeps its table under the hash of its text. */
export async function readCube(
  resources: EngineResources,
  file: Blob,
): Promise<{ id: string; cube: { title: string | null; size: number } }> {
  if (file.size > MAX_CUBE_BYTES) throw new CubeFormatError(cubeTooLargeMessage(file.size));
  const text = await file.text();
  const id = contentHash(text);
  const cube = parseCube(text);
  resources.setCube(id, { size: cube.size, data: new Uint8Array(cube.atlas.data) });
  return { id, cube };
}

/** The reply to the page's loadCube: the file's hash, title and size, or why it could not be read. */
export async function loadCube(
  resources: EngineResources,
  file: Blob,
): Promise<Omit<CubeLoadedMessage, 'type' | 'id'>> {
  try {
    const { id, cube } = await readCube(resources, file);
    return { cube: id, title: cube.title, size: cube.size };
  } catch (error) {
    return {
      error: error instanceof CubeFormatError ? error.shown : msg('This .cube file could not be read.'),
    };
  }
}
