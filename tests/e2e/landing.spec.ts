// The landing page (spec sections 2 and 5): upload box, preview, validation messages word for word,
// promo banner, footer and the contact dialog.
import { readFileSync } from 'node:fs';
import { fixturePath } from '../support/images.ts';
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

test('the validation messages, word for word', async ({ page, landing }) => {
  await page.goto('/');
  await page.getByTestId('start-editing').click();
  expect((await landing.takeNotification('warning')).text).toBe('Please select an image first.');

  await landing.input.setInputFiles([]);
  expect((await landing.takeNotification('error')).text).toBe('No file selected.');

  // 21 MB: a real JPEG with bytes appended after its end.
  const jpeg = readFileSync(fixturePath('generated-edge-cases/tiny_1x1.jpg'));
  const big = Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024 - jpeg.length, 7)]);
  await landing.choose({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
  expect((await landing.takeNotification('error')).text).toBe(
    'File is too large (21.00MB). Maximum size is 20MB.',
  );

  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await landing.choose({ name: 'pixel.gif', mimeType: 'image/gif', buffer: gif });
  expect((await landing.takeNotification('error')).text).toBe(
    'Unsupported file format. Supported formats: JPG, PNG, WEBP.',
  );
  await landing.choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  expect((await landing.takeNotification('error')).text).toBe(
    'Unsupported file format. Supported formats: JPG, PNG, WEBP.',
  );
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

test('a file dropped on the upload box is taken like a chosen one', async ({ page }) => {
  await page.goto('/');
  const bytes = readFileSync(fixturePath('kodak/kodim05.png')).toString('base64');
  const transfer = await page.evaluateHandle((base64) => {
    const data = new DataTransfer();
    const file = new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'kodim05.png', {
      type: 'image/png',
    });
    data.items.add(file);
    return data;
  }, bytes);
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await expect(page.getByText('kodim05.png')).toBeVisible();
});

test('the contact dialog: title, address, two social links; focus trapped, Escape and backdrop close it', async ({
  page,
}) => {
  await page.goto('/');
  const opener = page.getByTestId('contact-button');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'hello@retrocam.app' })).toHaveAttribute(
    'href',
    'mailto:hello@retrocam.app',
  );
  await expect(dialog.getByRole('link', { name: /Instagram|TikTok/ })).toHaveCount(2);
  await expect(dialog.locator('pre.ascii-art')).toBeVisible();

  // Tab and Shift+Tab cycle inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  // A click outside the dialog's box lands on its backdrop.
  await page.mouse.click(5, 5);
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the privacy page: six sections, the policy points, the contact address and the effective date', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  const headings = page.locator('main h2');
  await expect(headings).toHaveText([
    '1. Overview',
    '2. Information We Collect',
    '3. Third-Party Services',
    '4. Your Rights',
    '5. Changes to This Policy',
    '6. Contact',
  ]);
  const main = page.locator('main');
  await expect(main).toContainText('Effective date: 14 October 2025');
  await expect(main).toContainText('No personal data, photos or analytics are sent to our servers');
  await expect(main).toContainText('No advertising or tracking.');
  await expect(main).toContainText('may keep standard server logs');
  await expect(main).toContainText('third-party in-app purchase and subscription service');
  await expect(main).toContainText('purchase receipts and an anonymous app user identifier');
  await expect(main.getByRole('link', { name: 'hello@retrocam.app' })).toBeVisible();
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

test('a choice of several whose first file is bad keeps the good ones and names the bad one', async ({
  page,
}) => {
  const landing = new LandingPage(page);
  await landing.open();
  const png = (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: readFileSync(fixturePath(`kodak/${name}`)),
  });
  const bad = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture\n') };
  await landing.input.setInputFiles([bad, png('kodim23.png'), png('kodim03.png')]);
  await expect(page.getByTestId('preview-image')).toHaveAttribute('alt', 'Preview of kodim23.png');
  expect((await landing.takeNotification('warning')).text).toBe(
    'Skipped a file: notes.png: Failed to load image file',
  );
  await expect(page.getByTestId('upload-preview')).toContainText("kodim23.png and 1 more for 'Apply to all'");
  await page.getByTestId('start-editing').click();
  await expect(page.getByTestId('batch-panel')).toContainText('2 photos');
});
