// Issue 23, point 5 (and 8's label): Apply says what it did, Undo and Redo name their step, a saved file
// is named after the last applied effect and no two saves share a name; the full-resolution option shows
// the size a save will have, also after a collage.
import { expect, test } from '../support/fixtures.ts';

test('Apply confirms, Undo names its step, saves are named after the last applied effect and never repeat', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const undo = page.getByTestId('undo-button');
  const redo = page.getByTestId('redo-button');
  await expect(undo).toHaveAccessibleName('Undo');

  // An effect on screen, not yet applied: the save is named after it.
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  const onScreen = await editor.save();
  expect(onScreen.name).toMatch(/^retrocam_ccdEffect_\d{8}-\d{6}(-\d+)?\.jpg$/);
  await editor.closeNotification();

  await page.getByTestId('apply-button').click();
  expect((await editor.takeNotification('info')).text).toBe('Applied CCD.');
  await expect(undo).toHaveAccessibleName('Undo CCD');

  // Committed: still named after CCD, and two saves in a row get two names.
  const first = await editor.save();
  await editor.closeNotification();
  const second = await editor.save();
  await editor.closeNotification();
  expect(first.name).toMatch(/^retrocam_ccdEffect_/);
  expect(second.name).toMatch(/^retrocam_ccdEffect_/);
  expect(second.name).not.toBe(first.name);
  expect(new Set([onScreen.name, first.name, second.name]).size).toBe(3);

  await editor.chooseEffect('nokiaEffect');
  await editor.settled();
  await page.getByTestId('apply-button').click();
  expect((await editor.takeNotification('info')).text).toBe('Applied Nokia.');
  await expect(undo).toHaveAccessibleName('Undo Nokia');

  await undo.click();
  await editor.settled();
  await expect(undo).toHaveAccessibleName('Undo CCD');
  await expect(redo).toHaveAccessibleName('Redo Nokia');
  expect((await editor.save()).name).toMatch(/^retrocam_ccdEffect_/);
  await editor.closeNotification();

  await undo.click();
  await editor.settled();
  await expect(undo).toHaveAccessibleName('Undo');
  await expect(redo).toHaveAccessibleName('Redo CCD');
  expect((await editor.save()).name).toMatch(/^retrocam_original_/);
});

test('after a collage is applied, saves are named after it and the full-resolution option shows its size', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const option = page.locator('.save-option', { has: page.getByTestId('save-full-resolution') });
  await expect(option).toContainText('(768 × 512)');
  await editor.collage.open();
  await page.getByTestId('collage-preset-quad-grid').click();
  await page.getByTestId('apply-button').click();
  expect((await editor.takeNotification('info')).text).toBe('Applied Collage.');
  await editor.settled();
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Collage');

  await page.getByTestId('save-full-resolution').check();
  const saved = await editor.save();
  expect(saved.name).toMatch(/^retrocam_collageEffect_/);
  await expect(option).toContainText(`(${saved.width} × ${saved.height})`);
  await expect(option).not.toContainText('768 × 512');
});
