import type { Page } from '@playwright/test';

/**
 * The words of the matching elements' text that are split across two lines (a word's box comes in pieces
 * on different lines): a tile too narrow for a word of its name breaks it mid-word, as 'Disposabl' /
 * 'e camera'. A space, a hyphen and a slash are places to break: the parts between them must stay whole.
 */
export async function wordsBrokenIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text;
        for (const word of text.data.matchAll(/[^\s/-]+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`${element.textContent}: '${word[0]}' on ${lines.size} lines`);
        }
      }
    }
    return broken;
  }, selector);
}
