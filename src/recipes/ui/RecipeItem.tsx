import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { SlashBreaks } from '../../ui/components/SlashBreaks.tsx';
import { Thumbnail } from '../../ui/components/Thumbnail.tsx';
import { MAX_RECIPE_NAME } from '../model/parse.ts';
import type { Recipe } from '../../edit/recipe.ts';
import { useT } from '../../i18n/use-t.ts';
import { inSentence } from '../../i18n/translate-message.ts';
import { MoreIcon } from '../../ui/components/MoreIcon.tsx';
import { useDismiss } from '../../ui/useDismiss.ts';

interface RecipeItemProps {
  recipe: Recipe;
  thumbnail: ImageData | undefined;
  /** The plain photo, shown until the thumbnail is made. */
  photoUrl: string | null;
  /** Applying waits for a photo, and for the editor to settle. */
  disabled: boolean;
  onApply: () => void;
  /** The item's menu: absent for the link's offered recipe (it has its own Keep). */
  menu?: {
    first: boolean;
    last: boolean;
    onRename: (name: string) => void;
    onMove: (by: -1 | 1) => void;
    onExport: () => void;
    onShare: () => void;
    onExportCube: () => void;
    onDelete: () => void;
  };
}

/** Space kept between the menu and its button or the window's edge, px. */
const MENU_MARGIN = 8;

/**
 * Places the open menu (fixed) beside its button: below it where it fits, else above, else where it has
 * the most room (scrolling inside itself); its end edge at the button's, kept inside the window.
 */
function placeMenu(menu: HTMLElement, button: HTMLElement): void {
  const at = button.getBoundingClientRect();
  const style = menu.style;
  const width = Math.min(menu.offsetWidth, window.innerWidth - 2 * MENU_MARGIN);
  const rtl = getComputedStyle(button).direction === 'rtl';
  const start = rtl ? at.left : at.right - width;
  const left = Math.max(MENU_MARGIN, Math.min(start, window.innerWidth - MENU_MARGIN - width));
  const below = window.innerHeight - at.bottom - 2 * MENU_MARGIN;
  const above = at.top - 2 * MENU_MARGIN;
  const height = menu.scrollHeight;
  const down = height <= below || below >= above;
  const room = Math.max(0, down ? below : above);
  style.left = `${Math.round(left)}px`;
  style.maxHeight = `${Math.round(room)}px`;
  style.top = down ? `${Math.round(at.bottom + MENU_MARGIN)}px` : '';
  style.bottom = down ? '' : `${Math.round(window.innerHeight - at.top + MENU_MARGIN)}px`;
}

/** One recipe: its tile (the user's photo with it) applies it; its menu renames, moves, exports, deletes. */
export function RecipeItem({ recipe, thumbnail, photoUrl, disabled, onApply, menu }: RecipeItemProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const renameInput = useRef<HTMLInputElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (renaming) renameInput.current?.select();
  }, [renaming]);
  const close = () => {
    setOpen(false);
    setRenaming(false);
    setConfirming(false);
  };
  // The menu opens where it is seen: beside its button, inside the window (placeMenu), placed again as
  // the page scrolls or its content changes.
  useLayoutEffect(() => {
    const box = menuBox.current;
    const button = menuButton.current;
    if (!open || !box || !button) return;
    const place = () => placeMenu(box, button);
    // Its button in view first (the sheet scrolled to it), so that the menu opens beside it.
    button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    place();
    const sizes = new ResizeObserver(place);
    sizes.observe(box);
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    return () => {
      sizes.disconnect();
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
    };
  }, [open, renaming, confirming]);
  // Escape or a press outside closes the menu (with a rename or a delete it asked for); Escape gives the
  // focus to its button.
  useDismiss(open, close, menuButton, [menuBox, menuButton]);
  return (
    <li className="recipe-item">
      <button
        type="button"
        className="recipe-tile"
        data-testid="recipe"
        data-recipe-name={recipe.name}
        disabled={disabled}
        onClick={onApply}
      >
        {/* The photo with this recipe once the worker has made it; until then the plain photo. */}
        {thumbnail ? (
          <Thumbnail className="recipe-thumb" image={thumbnail} testId="recipe-thumb" />
        ) : photoUrl ? (
          <img className="recipe-thumb thumb-photo" src={photoUrl} alt="" aria-hidden="true" />
        ) : (
          <span className="recipe-thumb thumb-placeholder" aria-hidden="true" />
        )}
        <span className="recipe-name">
          <SlashBreaks text={recipe.name} />
        </span>
      </button>
      {menu && (
        <button
          ref={menuButton}
          type="button"
          className="recipe-menu-button"
          data-testid="recipe-menu"
          aria-label={t('More for {name}', { name: inSentence(recipe.name) })}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <MoreIcon />
        </button>
      )}
      {menu && open && (
        <div
          ref={menuBox}
          className="recipe-menu"
          id={menuId}
          role="group"
          aria-label={t('{name}: actions', { name: inSentence(recipe.name) })}
        >
          {renaming ? (
            <form
              className="recipe-rename"
              onSubmit={(event) => {
                event.preventDefault();
                menu.onRename(renameInput.current?.value ?? '');
                close();
              }}
            >
              <label>
                {t('New name')}
                <input
                  ref={renameInput}
                  data-testid="recipe-rename-input"
                  defaultValue={recipe.name}
                  maxLength={MAX_RECIPE_NAME}
                  required
                />
              </label>
              <button type="submit" className="button" data-testid="recipe-rename-confirm">
                {t('Rename')}
              </button>
            </form>
          ) : confirming ? (
            <p className="recipe-confirm">
              {t('Delete “{name}”?', { name: inSentence(recipe.name) })}{' '}
              <button
                type="button"
                className="button"
                data-testid="recipe-delete-confirm"
                onClick={() => {
                  close();
                  menu.onDelete();
                }}
              >
                {t('Delete')}
              </button>{' '}
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('Keep it')}
              </button>
            </p>
          ) : (
            <>
              <button
                type="button"
                className="button"
                data-testid="recipe-rename"
                onClick={() => setRenaming(true)}
              >
                {t('Rename')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="recipe-move-up"
                disabled={menu.first}
                onClick={() => menu.onMove(-1)}
              >
                {t('Move up')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="recipe-move-down"
                disabled={menu.last}
                onClick={() => menu.onMove(1)}
              >
                {t('Move down')}
              </button>
              <button type="button" className="button" data-testid="recipe-export" onClick={menu.onExport}>
                {t('Export')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="recipe-share"
                onClick={() => {
                  close();
                  menu.onShare();
                }}
              >
                {t('Share link')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="recipe-export-cube"
                onClick={menu.onExportCube}
              >
                {t('Export colour as .cube')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="recipe-delete"
                onClick={() => setConfirming(true)}
              >
                {t('Delete')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
