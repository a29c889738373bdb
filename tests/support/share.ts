import type { Page } from '@playwright/test';

/**
 * Stubs the Web Share API before the page loads: it can share JPEG files, and records each file shared
 * (name, type, bytes). `refuseFirst` makes the first share fail as a browser does once the click's
 * activation has run out.
 */
export async function stubShare(page: Page, refuseFirst = false) {
  await page.addInitScript((refuseFirst) => {
    const shared: { name: string; type: string; base64: string }[] = [];
    let refuse = refuseFirst;
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data?: ShareData) =>
        (data?.files?.length ?? 0) > 0 && (data?.files ?? []).every((file) => file.type === 'image/jpeg'),
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        if (refuse) {
          refuse = false;
          throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
        }
        for (const file of data.files ?? []) {
          const bytes = new Uint8Array(await file.arrayBuffer());
          let text = '';
          for (let i = 0; i < bytes.length; i += 0x8000)
            text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          shared.push({ name: file.name, type: file.type, base64: btoa(text) });
        }
      },
    });
  }, refuseFirst);
}

export type SharedFile = { name: string; type: string; base64: string };
export const sharedFiles = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shared: SharedFile[] }).__shared);
