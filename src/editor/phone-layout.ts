/**
 * The phone's photo giving way to the tools (as VSCO and Snapseed do): while a look, the recipes or the
 * frames are open under the photo, what they need below it is measured here, and the photo area is made
 * that much shorter (src/ui/canvas-layout.ts phoneCanvasAreaHeight keeps it at least PHONE_PHOTO_SHARE
 * of the height), so that the tool's first controls are in view without scrolling.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** A look's controls kept in view on a phone: its strength and the three after it. */
export const FIRST_CONTROLS = 4;

/** The element the open tool's first controls end with, in the sheet; null when the sheet shows none. */
export function firstControlsEnd(sheet: Element): Element | null {
  const settings = sheet.querySelectorAll(':scope .adjustments > .setting');
  if (settings.length > 0) return settings[Math.min(FIRST_CONTROLS, settings.length) - 1] ?? null;
  // The recipes: Save as recipe and the first row of recipes.
  const recipes = sheet.querySelector('.recipes');
  if (!recipes) return null;
  return recipes.querySelector('.recipe-item') ?? recipes.querySelector('[data-testid="recipe-save"]');
}

/**
 * What the open tool needs under the photo, px: from the photo area's foot to its first controls' foot,
 * with everything between and under them (the strips, the action bar). Null when nothing is open.
 */
export function measureToolNeed(sidebar: HTMLElement): number | null {
  const bar = sidebar.querySelector('.actions');
  const barHeight = bar?.getBoundingClientRect().height ?? 0;
  // The frame choice lies over the sheet, above the bar (FrameChoice's placement on a phone).
  const frames = sidebar.querySelector<HTMLElement>('.frame-panel');
  if (frames) return Math.ceil(contentHeight(frames) + 2 + barHeight);
  const sheet = sidebar.querySelector<HTMLElement>('.panel-scroll');
  const end = sheet ? firstControlsEnd(sheet) : null;
  if (!sheet || !end) return null;
  const box = sheet.getBoundingClientRect();
  // The strips above the sheet and what lies below it: the sidebar less the sheet.
  const around = sidebar.getBoundingClientRect().height - box.height;
  const padding = parseFloat(getComputedStyle(sheet).paddingBottom) || 0;
  const foot = end.getBoundingClientRect().bottom - box.top + sheet.scrollTop + padding;
  return Math.ceil(around + foot);
}

/**
 * The height a column of content asks for: its children's heights, the gaps between them and its padding.
 * Not its own box's (which the editor sets from the room it is given, so the measure would follow itself).
 */
function contentHeight(column: HTMLElement): number {
  const style = getComputedStyle(column);
  const children = [...column.children].filter((child) => child.getClientRects().length > 0);
  const gaps = Math.max(0, children.length - 1) * (parseFloat(style.rowGap) || 0);
  const padding = (parseFloat(style.paddingTop) || 0) + (parseFloat(style.paddingBottom) || 0);
  return children.reduce((sum, child) => sum + child.getBoundingClientRect().height, gaps + padding);
}

/**
 * The open tool's need (measureToolNeed) while `active`, measured again whenever the sidebar's content
 * or size changes; null while not active.
 */
export function useToolNeed(sidebar: RefObject<HTMLElement | null>, active: boolean): number | null {
  const [need, setNeed] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = sidebar.current;
    if (!active || !element) return;
    const sizes = new ResizeObserver(() => update());
    const watch = () => {
      sizes.disconnect();
      sizes.observe(element);
      for (const child of element.querySelector('.panel-scroll')?.children ?? []) sizes.observe(child);
      const frames = element.querySelector('.frame-panel');
      if (frames) for (const child of frames.children) sizes.observe(child);
    };
    const update = () => {
      const next = measureToolNeed(element);
      setNeed((now) => (now === next ? now : next));
    };
    const changes = new MutationObserver(() => {
      watch();
      update();
    });
    changes.observe(element, { childList: true, subtree: true });
    watch();
    update();
    return () => {
      sizes.disconnect();
      changes.disconnect();
    };
  }, [sidebar, active]);
  return active ? need : null;
}
