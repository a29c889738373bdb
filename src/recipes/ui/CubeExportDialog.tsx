import { useEffect, useId, useRef, useState } from 'react';
import { msg, shownOf } from '../../i18n/msg.ts';
import type { LeftOut } from '../../engine/protocol.ts';
import { COLOUR_NOT_EXPORTED_TEMPLATE } from '../../i18n/templates.ts';
import { translate } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { triggerDownload } from '../../ui/download.ts';
import type { Recipe } from '../../edit/recipe.ts';
import { cubeFileName, leftOutOfCube, type CubeExport, type CubeExporter } from './cube-export.ts';
import './CubeExportDialog.css';

interface CubeExportDialogProps {
  /** The recipe whose colour is exported; the dialog is open while there is one. */
  recipe: Recipe | null;
  /** Makes the .cube (in the worker: `engineCubeExporter`). */
  exportCube: CubeExporter;
  onClose: () => void;
  /** Saves the file; a browser download unless a test or a phone's share sheet says otherwise. */
  download?: (blob: Blob, fileName: string) => void;
}

type Made = { recipe: Recipe; result: CubeExport };

/**
 * 'Export colour as .cube': makes the recipe's colour (its looks, LUTs and vibrance) into a 33-point
 * .cube for other editors, says what the file cannot hold (a blur, grain, a vignette, the crop), and
 * downloads `<name>.cube`.
 */
export function CubeExportDialog({
  recipe,
  exportCube,
  onClose,
  download = triggerDownload,
}: CubeExportDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [made, setMade] = useState<Made | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (recipe && !element.open) element.showModal();
    if (!recipe && element.open) element.close();
  }, [recipe]);

  useEffect(() => {
    if (!recipe) return;
    let current = true;
    exportCube(recipe)
      .catch((error: unknown): CubeExport => ({
        text: null,
        kept: [],
        left: [],
        error: msg(COLOUR_NOT_EXPORTED_TEMPLATE, { reason: shownOf(error) }),
      }))
      .then((result) => {
        if (current) setMade({ recipe, result });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [recipe, exportCube]);

  const result = made && made.recipe === recipe ? made.result : null;
  const left = recipe && result ? leftOutOfCube(recipe, result) : [];
  const fileName = cubeFileName(recipe?.name ?? '');
  const text = result?.text ?? null;
  /** A step's name, or 'Step: its parts' (what the worker left out of a step), in the active language. */
  const stepLabel = (item: LeftOut) =>
    item.parts
      ? t(msg('{step}: {settings}'), {
          step: t(item.step),
          settings: item.parts.map((part) => t(part)).join(', '),
        })
      : t(item.step);

  return (
    <dialog
      ref={dialog}
      className="cube-export-dialog"
      data-testid="cube-export-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-status`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="cube-export-content">
        <h2 id={`${ids}-title`}>{t('Export colour as .cube')}</h2>
        <div id={`${ids}-status`} role="status" aria-live="polite" data-testid="cube-export-status">
          {!result && <p>{t('Making the .cube of “{name}”…', { name: recipe?.name ?? '' })}</p>}
          {result?.error && <p className="cube-export-error">{translate(result.error)}</p>}
          {text !== null && (
            <p>
              {result && result.kept.length > 0
                ? t('{file} holds the colour of: {steps}.', {
                    file: fileName,
                    steps: result.kept.map((step) => t(step)).join(', '),
                  })
                : t('This recipe has no colour steps: {file} would leave colours as they are.', {
                    file: fileName,
                  })}{' '}
              {t("Other editors and RetroCam's “Your .cube file” look can load it.")}
            </p>
          )}
        </div>
        {result && left.length > 0 && (
          <div data-testid="cube-export-left">
            <p id={`${ids}-left`}>{t('A .cube holds colour only, so it leaves out:')}</p>
            <ul aria-labelledby={`${ids}-left`}>
              {left.map((item, index) => (
                // Two steps of one effect can leave out the same parts: the place tells them apart.
                <li key={`${index}-${item.step}`}>{stepLabel(item)}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="cube-export-actions">
          <button
            type="button"
            className="button button-primary"
            data-testid="cube-export-download"
            disabled={text === null}
            onClick={() => {
              if (text === null) return;
              download(new Blob([text], { type: 'text/plain' }), fileName);
              onClose();
            }}
          >
            {t('Download {file}', { file: fileName })}
          </button>
          <button type="button" className="button" onClick={onClose} autoFocus>
            {t('Close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
