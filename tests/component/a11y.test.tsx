// axe on each part of the editor in the component tier, at the three layouts (phone, small window,
// desktop): the editor empty, with an effect, comparing, the shortcuts; the collage's panel and text
// controls; the open crop tool, which must also fit the screen with 44 px targets; the phone's More menu,
// a recipe's menu, the batch panel and the frame choice with the photo to place in its window.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from './support/axe.ts';
import { loadPhoto, openEditor, settled, settledOn } from './support/editor.tsx';
import { choose } from './support/files.ts';
import { madePhoto } from './support/made-photo.ts';

const VIEWPORTS = [
  [390, 844],
  [800, 600],
  [1440, 900],
] as const;

describe.each(VIEWPORTS)('at %ix%i', (width, height) => {
  const effect = (id: string) => page.getByTestId(`${width > 991 ? 'effect-' : 'effect-mobile-'}${id}`);

  test('the editor: empty, with an effect, comparing, the shortcuts', async () => {
    await page.viewport(width, height);
    await openEditor('engine=cpu&thumbnails=1');
    expect(await seriousViolations()).toEqual([]);
    await loadPhoto('kodak/kodim23.png');
    await effect('ccdEffect').click();
    await settledOn('ccdEffect');
    expect(await seriousViolations()).toEqual([]);
    (page.getByTestId('compare-button').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('before-label')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('?');
    await expect.element(page.getByTestId('shortcuts-dialog')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });

  test('the collage, its panel and its text controls', async () => {
    await page.viewport(width, height);
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    await effect('collageEffect').click();
    await expect.element(page.getByTestId('collage-canvas')).toHaveAttribute('aria-busy', 'false');
    await page.getByTestId('collage-preset-quad-grid').click();
    expect(await seriousViolations()).toEqual([]);
    await page.getByTestId('collage-add-text').click();
    await expect.element(page.getByTestId('collage-text-controls')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });

  test('the open crop tool: no violation at all in it, nothing serious on the page, every control on screen', async () => {
    await page.viewport(width, height);
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    await page.getByTestId('crop-button').click();
    const frame = page.getByTestId('crop-frame');
    await expect.element(frame).toBeVisible();
    await page.getByTestId('crop-aspect-4-5').click();
    await page.getByTestId('crop-straighten').fill('-12');
    const tool = document.querySelector('.crop-tool')!;
    const axe = (await import('axe-core')).default;
    const inTool = await axe.run(tool, { resultTypes: ['violations'] });
    expect(inTool.violations.map((v) => v.id)).toEqual([]);
    expect(await seriousViolations()).toEqual([]);
    const within = (element: Element) => {
      const box = element.getBoundingClientRect();
      return [box.left >= 0, box.top >= 0, box.right <= width + 0.5, box.bottom <= height + 0.5];
    };
    expect(within(frame.element())).toEqual([true, true, true, true]);
    for (const name of ['done', 'cancel', 'rotate-left', 'flip-v', 'straighten', 'aspect-free']) {
      const control = page.getByTestId(`crop-${name}`).element();
      expect([name, ...within(control)]).toEqual([name, true, true, true, true]);
      expect(control.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
  });

  test("the phone's More menu, a recipe's menu, the batch panel, and the frame choice with the photo to place", async () => {
    await page.viewport(width, height);
    await openEditor();
    choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [
      await madePhoto(800, 1000),
      await madePhoto(600, 400),
    ]);
    await expect.element(page.getByTestId('batch-panel')).toBeVisible();
    await settled();
    const more = document.querySelector<HTMLElement>('.more-actions-toggle');
    if (width < 768) {
      expect(more, 'a phone has More').not.toBeNull();
      more!.click();
      await expect.element(page.getByTestId('more-actions').getByTestId('upload-button')).toBeVisible();
      expect(await seriousViolations()).toEqual([]);
      await userEvent.keyboard('{Escape}');
    }
    // Scrolled to in the sheet first, as a user does (on a phone it may lie under the action bar's edge).
    const recipeMenu = page.getByTestId('recipe-menu').first().element() as HTMLElement;
    recipeMenu.scrollIntoView({ block: 'center' });
    recipeMenu.click();
    await expect.element(page.getByTestId('recipe-export')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await page.getByTestId('frame-button').click();
    await page.getByTestId('frame-instant-square').click();
    await expect.element(page.getByTestId('frame-place')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });
});
