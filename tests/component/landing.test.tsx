// The landing page (spec sections 2 and 5) in the component tier: the upload box and its validation
// messages word for word, the preview, a drop, a paste, the footer's contact dialog, and axe. The real
// intake decodes in this Chromium; the editor itself is not opened (its hand-over is a route change).
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import LandingPage from '../../src/app/pages/LandingPage.tsx';
import { seriousViolations } from './support/axe.ts';
import { choose, drop, fileOf, fixture, GIF_1X1, paste } from './support/files.ts';
import { renderAt } from './support/render.tsx';

const notification = () => page.getByTestId('notification');
const input = () => page.getByTestId('upload-input').element() as HTMLInputElement;

function landing() {
  return renderAt('/', <LandingPage />);
}

describe('the upload box', () => {
  test('says what to do and which formats, up to 20MB, with the app note', async () => {
    landing();
    await expect.element(page.getByText('Click to upload or drag and drop')).toBeVisible();
    await expect.element(page.getByText('JPG, PNG, WEBP, HEIC, HEIF up to 20MB')).toBeVisible();
    await expect.element(page.getByText('video effects are available in the app.')).toBeVisible();
    expect(input().accept).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif');
  });

  test('the upload box opens its file chooser on Enter, from the keyboard alone', async () => {
    landing();
    const box = input();
    let opened = 0;
    // The chooser itself is the browser's: what is checked is that Enter asks for it.
    box.showPicker = () => {
      opened += 1;
    };
    box.click = () => {
      opened += 1;
    };
    box.focus();
    expect(document.activeElement).toBe(box);
    await userEvent.keyboard('{Enter}');
    expect(opened).toBe(1);
  });

  test("'Please select an image first.' when Start Editing comes before a photo", async () => {
    const { history } = landing();
    await page.getByTestId('start-editing').click();
    await expect.element(notification()).toHaveTextContent('Please select an image first.');
    await expect.element(notification()).toHaveAttribute('data-kind', 'warning');
    expect(history).toEqual(['/']);
  });

  test("'No file selected.' when the picker closes with nothing", async () => {
    landing();
    choose(input(), []);
    await expect.element(notification()).toHaveTextContent('No file selected.');
    await expect.element(notification()).toHaveAttribute('data-kind', 'error');
  });

  test("'File is too large (21.00MB). Maximum size is 20MB.' for a JPEG of 21 MB", async () => {
    landing();
    const jpeg = new Uint8Array(await (await fixture('generated-edge-cases/tiny_1x1.jpg')).arrayBuffer());
    const big = new Uint8Array(21 * 1024 * 1024).fill(7);
    big.set(jpeg);
    choose(input(), [fileOf('big.jpg', 'image/jpeg', big)]);
    await expect
      .element(notification())
      .toHaveTextContent('File is too large (21.00MB). Maximum size is 20MB.');
  });

  test.each([
    ['a GIF', fileOf('pixel.gif', 'image/gif', GIF_1X1)],
    ['a text file', fileOf('notes.txt', 'text/plain', new TextEncoder().encode('hello'))],
  ])("'Unsupported file format. Supported formats: JPG, PNG, WEBP.' for %s", async (_, file) => {
    landing();
    choose(input(), [file]);
    await expect
      .element(notification())
      .toHaveTextContent('Unsupported file format. Supported formats: JPG, PNG, WEBP.');
    await expect.element(notification()).toHaveAttribute('data-kind', 'error');
  });

  test('a chosen photo shows as an upright JPEG preview at the processing size; Cancel discards it', async () => {
    landing();
    choose(input(), [await fixture('exif-orientation/Portrait_6.jpg', 'image/jpeg')]);
    const preview = page.getByTestId('preview-image');
    await expect.element(preview).toBeVisible();
    const img = preview.element() as HTMLImageElement;
    await img.decode();
    const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    // Portrait_6 is stored 1800x1200 on its side; upright it is 1200x1800, shown at 720x1080.
    expect([img.naturalWidth, img.naturalHeight, bytes[0], bytes[1]]).toEqual([720, 1080, 0xff, 0xd8]);
    await page.getByTestId('cancel-upload').click();
    await expect.element(page.getByTestId('upload-preview')).not.toBeInTheDocument();
    await page.getByTestId('start-editing').click();
    await expect.element(notification()).toHaveTextContent('Please select an image first.');
  });

  test('Start Editing with a chosen photo goes to the editor', async () => {
    const { history } = landing();
    choose(input(), [await fixture('kodak/kodim23.png', 'image/png')]);
    await expect.element(page.getByTestId('preview-image')).toBeVisible();
    await page.getByTestId('start-editing').click();
    await expect.poll(() => history.at(-1)).toBe('/editor');
  });

  test('a file dropped on the upload box is taken like a chosen one', async () => {
    landing();
    drop(page.getByTestId('dropzone').element(), [await fixture('kodak/kodim05.png', 'image/png')]);
    await expect.element(page.getByTestId('preview-image')).toBeVisible();
    await expect.element(page.getByText('kodim05.png')).toBeVisible();
  });

  test('a choice whose first file is bad keeps the good ones and names the bad one', async () => {
    landing();
    choose(input(), [
      fileOf('notes.txt', 'text/plain', new TextEncoder().encode('hello')),
      await fixture('kodak/kodim05.png', 'image/png'),
      await fixture('kodak/kodim23.png', 'image/png'),
    ]);
    await expect.element(page.getByTestId('preview-image')).toBeVisible();
    await expect
      .element(notification())
      .toHaveTextContent(
        'Skipped a file: notes.txt: Unsupported file format. Supported formats: JPG, PNG, WEBP.',
      );
    await expect.element(page.getByText("kodim05.png and 1 more for 'Apply to all'")).toBeVisible();
  });
});

describe('paste on the landing page', () => {
  test('a pasted image is the chosen photo', async () => {
    landing();
    paste([await fixture('kodak/kodim05.png', 'image/png')]);
    await expect.element(page.getByTestId('preview-image')).toBeVisible();
    await expect.element(page.getByText('kodim05.png')).toBeVisible();
  });

  test("a pasted non-image gets the intake's message", async () => {
    landing();
    paste([fileOf('notes.txt', 'text/plain', new TextEncoder().encode('hello'))]);
    await expect
      .element(notification())
      .toHaveTextContent('Unsupported file format. Supported formats: JPG, PNG, WEBP.');
  });

  test('a paste into a text field stays the field’s, and text alone loads nothing', async () => {
    landing();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    paste([await fixture('kodak/kodim05.png', 'image/png')], 'words');
    document.body.focus();
    field.remove();
    paste([], 'just some text');
    // Both pastes are handled synchronously; an intake would show the preparing state at once.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(page.getByTestId('upload-preview').query()).toBeNull();
    expect(notification().query()).toBeNull();
  });
});

describe('the footer', () => {
  test('the contact dialog: title, address, two social links, and its art', async () => {
    landing();
    await page.getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Information' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog.getByRole('link', { name: 'hello@retrocam.app' }))
      .toHaveAttribute('href', 'mailto:hello@retrocam.app');
    expect(dialog.getByRole('link', { name: /Instagram|TikTok/ }).all()).toHaveLength(2);
    expect(dialog.element().querySelector('pre.ascii-art')?.getAttribute('aria-hidden')).toBe('true');
  });

  test('Tab and Shift+Tab stay inside the dialog; Escape closes it and the opener has focus', async () => {
    landing();
    const opener = page.getByRole('button', { name: 'Contact' });
    await opener.click();
    const dialog = page.getByRole('dialog').element();
    for (const key of ['{Tab}', '{Shift>}{Tab}{/Shift}']) {
      for (let i = 0; i < 6; i++) {
        await userEvent.keyboard(key);
        expect(dialog.contains(document.activeElement)).toBe(true);
      }
    }
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  test('a click on the backdrop closes the dialog, and so does Close, each giving focus back', async () => {
    landing();
    const opener = page.getByRole('button', { name: 'Contact' });
    await opener.click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    // A click outside the dialog's box lands on its backdrop.
    await userEvent.click(document.body, { position: { x: 2, y: 2 } });
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
    await opener.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  test('axe finds nothing serious on the landing page, with the dialog open too', async () => {
    landing();
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Contact' }).click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });
});
