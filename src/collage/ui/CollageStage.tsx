import { useEffect, useRef, useState } from 'react';
import type { CollageEditorApi } from '../model/api.ts';
import { RESIZE_DEBOUNCE_MS } from '../model/slot-layout.ts';
import { findPreset } from '../model/presets.ts';
import type { CollageConfig, ImageAsset } from '../../session/collage-state.ts';
import { focusKind } from '../../ui/focus.ts';
import type { CollageController } from './collage-controller.ts';
import { collageArea } from '../../ui/canvas-layout.ts';
import { collageDisplaySize } from './display-size.ts';
import { useViewport } from '../../ui/useViewport.ts';
import './collage.css';
import { useT } from '../../i18n/use-t.ts';
import { translate } from '../../i18n/translate-message.ts';

interface CollageStageProps {
  collage: CollageController;
  config: CollageConfig;
  assets: readonly ImageAsset[];
}

/**
 * The collage canvas in place of the main canvas. fabric and the collage editor are imported here, when
 * the collage opens, so neither the landing page nor the editor pays for them before.
 */
export function CollageStage({ collage, config, assets }: CollageStageProps) {
  const host = useRef<HTMLDivElement>(null);
  const initialSize = useRef({ width: config.actualCanvasWidth, height: config.actualCanvasHeight });
  const [editor, setEditor] = useState<CollageEditorApi | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const viewport = useViewport();
  const { width: areaWidth, height: areaHeight } = collageArea(viewport.width, viewport.height);

  // The canvas takes the space it has: at once when the collage opens, then once the window settles.
  const sized = useRef(false);
  useEffect(() => {
    const area = { width: areaWidth, height: areaHeight };
    if (!sized.current) {
      sized.current = true;
      collage.setArea(area);
      return;
    }
    const timer = setTimeout(() => collage.setArea(area), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [collage, areaWidth, areaHeight]);

  useEffect(() => {
    initialSize.current = { width: config.actualCanvasWidth, height: config.actualCanvasHeight };
  }, [config.actualCanvasWidth, config.actualCanvasHeight]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const element = document.createElement('canvas');
    container.append(element);
    let api: CollageEditorApi | null = null;
    let cancelled = false;
    import('./canvas/fabric-collage.ts')
      .then(({ createCollageEditor }) => {
        if (cancelled) return;
        api = createCollageEditor(element, { size: initialSize.current, events: collage.events });
        collage.attach(api);
        setEditor(api);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      collage.detach(api);
      api?.dispose();
      container.replaceChildren();
    };
  }, [collage]);

  useEffect(() => {
    editor?.sync(config, assets);
  }, [editor, config, assets]);

  const shown = collageDisplaySize(viewport.width, viewport.height, {
    width: config.actualCanvasWidth,
    height: config.actualCanvasHeight,
  });
  useEffect(() => {
    editor?.setDisplaySize(shown.width, shown.height);
  }, [editor, shown.width, shown.height]);

  // Delete or Backspace removes the selected text or image, unless the user is typing somewhere.
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' && event.key !== 'Backspace') return;
      if (focusKind(event.target) !== 'other') return;
      collage.deleteSelection();
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [collage]);

  const preset = findPreset(config.activePresetId);
  const t = useT();
  return (
    <div className="collage-stage" style={{ width: shown.width, height: shown.height }}>
      <div
        ref={host}
        className="collage-canvas"
        data-testid="collage-canvas"
        data-preset={config.activePresetId}
        role="img"
        aria-label={t('Collage, {layout} layout, {width} by {height}', {
          layout: preset ? t(preset.name) : t('free'),
          width: config.actualCanvasWidth,
          height: config.actualCanvasHeight,
        })}
        aria-busy={editor === null}
      />
      {!editor && (
        <p className="collage-loading" role="status">
          {failed
            ? t('The collage editor could not load: {reason}', { reason: translate(failed) })
            : t('Loading collage')}
          {!failed && <span className="dots" aria-hidden="true" />}
        </p>
      )}
    </div>
  );
}
