// The landing page (spec sections 2 and 5) through the production build: the upload box, the banner and a
// background the server sends, Android's formats (read from the browser's user agent as the page loads),
// a photo taken to the editor, and nothing overflowing. The validation messages word for word, a drop, a
// choice with a bad file and the contact dialog are in the component tier (tests/component/landing.test.tsx).
import { expect, QUICK, test } from '../support/fixtures.ts';
import { LandingPage } from '../support/pages.ts';

test(
  'the upload box, the formats, the app note, the banner and a background of our own',
  QUICK(),
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Click to upload or drag and drop')).toBeVisible();
    await expect(page.getByText('JPG, PNG, WEBP, HEIC, HEIF up to 20MB')).toBeVisible();
    await expect(page.getByText('video effects are available in the app.')).toBeVisible();
    const store = page.getByTestId('app-store-link');
    await expect(store).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await expect(store).toHaveAttribute('target', '_blank');
    await expect(store).toHaveAttribute('rel', /noopener/);
    await expect(page.getByText('The app is not available in the EU.')).toBeVisible();
    const background = await page.locator('.landing').getAttribute('data-background');
    expect(background).toMatch(/^\/backgrounds\/landing-[123]\.webp$/);
    const response = await page.request.get(background!);
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('image/webp');
    expect((await response.body()).length).toBeLessThanOrEqual(250 * 1024);
  },
);

test('on Android, HEIC and HEIF are neither listed nor accepted', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const landing = new LandingPage(page);
  await page.goto('/');
  await expect(page.getByText('JPG, PNG, WEBP up to 20MB')).toBeVisible();
  await landing.choose('heic/kodim23_q60.heic');
  expect((await landing.takeNotification('error')).text).toBe(
    'Unsupported file format. Supported formats: JPG, PNG, WEBP.',
  );
  await context.close();
});

test('a chosen file shows a JPEG preview; Cancel discards it, Start Editing opens it in the editor', async ({
  page,
  landing,
}) => {
  await page.goto('/');
  await landing.choose('exif-orientation/Portrait_6.jpg');
  const preview = page.getByTestId('preview-image');
  await expect(preview).toBeVisible();
  const shown = await preview.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    return {
      width: img.naturalWidth,
      height: img.naturalHeight,
      jpeg: bytes[0] === 0xff && bytes[1] === 0xd8,
    };
  });
  // Re-encoded as JPEG, upright (Portrait is 1200x1800 upright, at the processing size 720x1080).
  expect(shown).toEqual({ width: 720, height: 1080, jpeg: true });

  await page.getByTestId('cancel-upload').click();
  await expect(page.getByTestId('upload-preview')).toHaveCount(0);
  await expect(page.getByTestId('cancel-upload')).toHaveCount(0);
  await page.getByTestId('start-editing').click();
  expect((await landing.takeNotification('warning')).text).toBe('Please select an image first.');

  await landing.choose('kodak/kodim23.png');
  await expect(preview).toBeVisible();
  await page.getByTestId('start-editing').click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
  await expect(page.getByTestId('upload-overlay')).toHaveCount(0);
});

for (const width of [375, 1440]) {
  test(`the landing page at ${width} px: nothing overflows; screenshots for review`, async ({
    page,
    landing,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/');
    await expect(page.getByTestId('start-editing')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`landing-${width}.png`), fullPage: true });
    await landing.choose('kodak/kodim23.png');
    await expect(page.getByTestId('preview-image')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`landing-preview-${width}.png`), fullPage: true });
    await page.getByTestId('contact-button').click();
    await page.screenshot({ path: test.info().outputPath(`contact-${width}.png`) });
    await page.keyboard.press('Escape');
    await page.goto('/privacy');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`privacy-${width}.png`), fullPage: true });
  });
}
