// Long languages at the layout sizes: German and Japanese keep every control's label whole (the action
// bar's buttons, the effects, the settings with the strength, the recipes and a recipe's menu), and the
// editor stays free of serious accessibility faults.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 800, height: 600 },
  { width: 1440, height: 900 },
];

/** Labels wider than their box: buttons, the effects' names, the settings' labels, the options. */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.actions .button, .effect-item, .effect-name, .setting label, .save-option label, .batch .button, .panel-title, .recipes .button, .recipe-tile',
      ),
    ]
      // A visually hidden heading (clipped to a pixel, for screen readers) is not a label on screen.
      .filter(
        (element) =>
          element.checkVisibility() &&
          !element.classList.contains('visually-hidden') &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => `${element.textContent}: ${element.scrollWidth} > ${element.clientWidth}`),
  );
}

for (const lang of ['de', 'ja']) {
  for (const viewport of VIEWPORTS) {
    test(`in ${lang} at ${viewport.width}x${viewport.height} every label fits and axe finds nothing serious`, async ({
      page,
      editor,
    }) => {
      await page.setViewportSize(viewport);
      await editor.open('webgl2', `lang=${lang}&testHooks=1&warmUp=0`, { thumbnails: true });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await editor.load('kodak/kodim23.png');
      // The recipes, where no effect is chosen, with a recipe's menu open.
      const recipes = page.getByTestId('recipes');
      await expect(recipes.getByTestId('recipe').first()).toBeVisible();
      await recipes.getByTestId('recipe-menu').first().click();
      await expect(recipes.getByTestId('recipe-export-cube')).toBeVisible();
      expect(await cutLabels(page), 'recipe labels wider than their box').toEqual([]);
      await recipes.getByTestId('recipe-menu').first().click();
      const prefix = viewport.width > 991 ? 'effect-' : 'effect-mobile-';
      // CCD has the longest list of settings.
      await page.getByTestId(`${prefix}ccdEffect`).click();
      await expect(page.getByTestId('setting-ccd_bloom_amount')).toBeVisible();
      await expect(page.getByTestId('look-strength')).toBeVisible();
      await editor.settled();
      expect(await cutLabels(page), 'labels wider than their box').toEqual([]);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(serious).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`editor-${lang}-${viewport.width}.png`) });
    });
  }
}
