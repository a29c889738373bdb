/**
 * The editor in the component tier: the real EditorPage, its controller and its effect worker (served by
 * Vite, not a production build), on the CPU backend unless a test asks for another, without thumbnails
 * or the warm-up (as the e2e page object opens it).
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import EditorPage from '../../../src/editor/EditorPage.tsx';
import type {} from '../../../src/editor/editor-test-hooks.ts';
import { choose, fixture } from './files.ts';
import { renderAt } from './render.tsx';

export const editorRoot = () => page.getByTestId('editor');

export async function openEditor(query = 'engine=cpu') {
  const rendered = renderAt(`/editor?testHooks=1&thumbnails=0&warmUp=0&${query}`, <EditorPage />);
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'WorkerReady');
  return rendered;
}

/** Loads a fixture through the editor's upload and waits for that photo (its serial) to be ready. */
export async function loadPhoto(path: string, type = 'image/png'): Promise<void> {
  const before = editorRoot().element().getAttribute('data-photo-serial');
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [await fixture(path, type)]);
  await expect.element(editorRoot()).not.toHaveAttribute('data-photo-serial', before ?? '');
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
}

/** Waits until no apply is pending or running. */
export async function settled(): Promise<void> {
  await expect.element(page.getByTestId('processing-overlay')).not.toBeInTheDocument();
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
}

/** Waits until this effect is the one applied on screen, and nothing is pending. */
export async function settledOn(effectId: string): Promise<void> {
  await expect.element(editorRoot()).toHaveAttribute('data-applied-effect', effectId);
  await settled();
}

/** Loads a file made in the test through the editor's upload and waits for that photo to be ready. */
export async function loadFile(file: File): Promise<void> {
  const before = editorRoot().element().getAttribute('data-photo-serial');
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [file]);
  await expect.element(editorRoot()).not.toHaveAttribute('data-photo-serial', before ?? '');
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
}

/** The size of the image the worker holds now (the test hooks' read-back). */
export async function workerSize(): Promise<{ width: number; height: number }> {
  const url = await window.__retrocam!.pixels();
  const image = new Image();
  image.src = url!;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/** Waits until the editor has no work pending (the test hooks' `idle`), and returns what it saw. */
export function idle() {
  return window.__retrocam!.idle();
}
