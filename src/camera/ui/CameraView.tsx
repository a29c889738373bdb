/**
 * The camera: a full-screen viewfinder showing the live feed through the chosen look, a
 * shutter (with a self-timer and a white flash), a switch between the device's cameras, and a clear way
 * back to uploading when the camera is refused, absent or busy. The tracks stop when the view closes or
 * the page hides, and start again when it shows.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { EngineKind } from '../../engine/protocol.ts';
import { findEffect } from '../../effects/index.ts';
import type { CameraProblem } from './camera-problems.ts';
import { CameraSession, type CameraStats } from './camera-session.ts';
import { pngDataUrl } from '../../ui/test-hooks.ts';
import type {} from './camera-test-hooks.ts';
import { CAMERA_LOOKS, type CameraLook } from '../model/looks.ts';
import { loadRecipeLooks } from './recipe-looks.ts';
import { nextTimer, rememberChoices, rememberedChoices } from '../model/choices.ts';
import './CameraView.css';
import { t as translate } from '../../i18n/i18n.ts';
import { msg, shownOf, type Shown } from '../../i18n/msg.ts';
import { translate as translateShown } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { ModalDialog } from '../../ui/components/ModalDialog.tsx';

export interface CameraShot {
  file: File;
  look: CameraLook;
}

export interface CameraViewProps {
  /** The photo taken, and the look it was taken through. */
  onShot: (shot: CameraShot) => void;
  onClose: () => void;
  /** The way back to uploading: the camera closes and the file picker opens. */
  onUpload: () => void;
  /** The camera's problems are also notified, so that they outlive the view. */
  onProblem?: (message: Shown) => void;
  /** A warning that outlives the view too (a backend left at its self-test). */
  onNotice?: (message: Shown) => void;
  engine?: EngineKind;
  testHooks?: boolean;
  /** A fixed preview long side (`?cameraLongSide=`), for tests and the bench. */
  longSide?: number;
  /** Test hook (`?breakEngine=`): these backends' self-tests read back black. */
  breakEngine?: EngineKind[];
}

/** Test hooks (`?testHooks=1`) on window, or none. */
function exposeHooks(session: CameraSession | null): void {
  if (!session) {
    delete window.__retrocamCamera;
    return;
  }
  window.__retrocamCamera = {
    stats: () => session.resourceCounts(),
    resetStats: () => session.resetStats(),
    timedFrames: () => session.timedFrames(),
    frame: async () => {
      const { width, height, pixels } = await session.readFrame();
      return pixels ? pngDataUrl(new ImageData(new Uint8ClampedArray(pixels.buffer), width, height)) : null;
    },
    framePair: async () => {
      const { width, height, pixels, source, live } = await session.readFramePair();
      if (!pixels || !source || !live) return null;
      const png = (data: Uint8Array<ArrayBuffer>, w: number, h: number) =>
        pngDataUrl(new ImageData(new Uint8ClampedArray(data.buffer), w, h));
      return {
        frame: png(pixels, width, height),
        source: png(source.pixels, source.width, source.height),
        live,
      };
    },
  };
}

/** The date stamp setting of a look's effect (`<prefix>_dateStamp`), if it has one. */
function dateStampSetting(look: CameraLook): string | null {
  return findEffect(look.effectId)?.settings.find((s) => s.name.endsWith('_dateStamp'))?.name ?? null;
}

export default function CameraView(props: CameraViewProps) {
  const { onShot, onClose, onUpload, onProblem, onNotice, engine, testHooks, longSide, breakEngine } = props;
  const host = useRef<HTMLDivElement>(null);
  const shutter = useRef<HTMLButtonElement>(null);
  const session = useRef<CameraSession | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'starting' | 'running' | 'problem' | 'shooting'>('starting');
  const t = useT();
  const [problem, setProblem] = useState<{ kind: CameraProblem; message: Shown } | null>(null);
  const [stats, setStats] = useState<CameraStats | null>(null);
  // As the camera was left last time (choices.ts).
  const [lookKey, setLookKey] = useState(() => rememberedChoices().lookKey);
  const [dated, setDated] = useState(() => rememberedChoices().dated);
  const [timer, setTimer] = useState(() => rememberedChoices().timer);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [flash, setFlash] = useState(0);
  const [cameras, setCameras] = useState(0);
  const [mirrored, setMirrored] = useState(false);

  // The kept recipes join the looks once the store has answered, after 'No look'.
  const [recipeLooks, setRecipeLooks] = useState<readonly CameraLook[]>([]);
  useEffect(() => {
    let open = true;
    void loadRecipeLooks().then((loaded) => {
      if (open) setRecipeLooks(loaded);
    });
    return () => {
      open = false;
    };
  }, []);
  const looks = useMemo(() => [CAMERA_LOOKS[0]!, ...recipeLooks, ...CAMERA_LOOKS.slice(1)], [recipeLooks]);
  const look: CameraLook = looks.find((option) => option.key === lookKey) ?? CAMERA_LOOKS[0]!;
  const stampSetting = dateStampSetting(look);
  const settings = useMemo(
    () => (stampSetting && dated ? { ...look.settings, [stampSetting]: true } : look.settings),
    [look, stampSetting, dated],
  );
  useEffect(() => {
    rememberChoices({ lookKey, dated, timer });
  }, [lookKey, dated, timer]);
  // Read when a problem comes, so that a new callback from the parent does not restart the camera.
  const problemRef = useRef(onProblem);
  const noticeRef = useRef(onNotice);
  useEffect(() => {
    problemRef.current = onProblem;
    noticeRef.current = onNotice;
  }, [onProblem, onNotice]);
  // The test hook's list, as the page's link first gave it (a parent makes a new array each render).
  const [brokenEngines] = useState(breakEngine);
  // The next session replaces one whose backend drew its self-test wrong: it tells the user.
  const tellLeft = useRef(false);

  // One session (a worker and its canvas) per attempt: a canvas can be handed to one worker only.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'camera-canvas';
    canvas.dataset.testid = 'camera-view';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', translate('Camera viewfinder'));
    element.replaceChildren(canvas);
    let made: CameraSession;
    try {
      made = new CameraSession(
        canvas,
        {
          onStats: (next) => {
            setStats(next);
            for (const [key, value] of Object.entries({
              frames: next.frames,
              fps: next.fps.toFixed(1),
              latency: next.latency.toFixed(1),
              cost: next.cost.toFixed(1),
              width: next.width,
              height: next.height,
              cameraWidth: next.camera?.width ?? '',
              cameraHeight: next.camera?.height ?? '',
              path: next.path ?? '',
              upload: next.upload ?? '',
            })) {
              canvas.dataset[key] = String(value);
            }
          },
          onProblem: (kind, message) => {
            setProblem({ kind, message });
            setState('problem');
            problemRef.current?.(message);
          },
          onRunning: () => {
            setProblem(null);
            setState('running');
            setCameras(made.cameras.length);
            setMirrored(made.facing === 'user');
          },
          onEngineLeft: () => {
            tellLeft.current = true;
            setAttempt((n) => n + 1);
          },
          onNotice: (message) => noticeRef.current?.(message),
        },
        {
          ...(engine ? { engine } : {}),
          ...(testHooks ? { testHooks } : {}),
          ...(longSide ? { longSide } : {}),
          ...(tellLeft.current ? { tellLeft: true } : {}),
          ...(brokenEngines ? { breakEngine: brokenEngines } : {}),
        },
      );
      tellLeft.current = false;
    } catch (error) {
      const message = shownOf(error);
      // Told after this effect, as any later problem is.
      void Promise.resolve().then(() => {
        setProblem({ kind: 'engine', message });
        setState('problem');
        problemRef.current?.(message);
      });
      return;
    }
    session.current = made;
    void made.open();
    if (testHooks) exposeHooks(made);
    // The camera's light goes off whenever the page hides, and comes back with it.
    const visibility = () => {
      if (document.hidden) made.pause();
      else if (!made.running) void made.open();
    };
    const hide = () => made.pause();
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', hide);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', hide);
      made.close();
      if (session.current === made) session.current = null;
      if (testHooks) exposeHooks(null);
    };
  }, [attempt, engine, testHooks, longSide, brokenEngines]);

  // After the session's effect: a new session gets the look too.
  const recipe = look.recipe;
  useEffect(() => {
    const steps = recipe ? { steps: recipe.steps, cubes: recipe.cubes } : {};
    session.current?.setLook({ effectId: look.effectId, settings, ...steps });
  }, [look.effectId, settings, recipe, attempt]);

  // Focus is in the dialog from the start, so that Escape and Space reach it: on the dialog while the
  // shutter is disabled (a disabled button takes no focus), then on the shutter once the camera runs,
  // unless the user has moved it to another control meanwhile.
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (state === 'running' && (active === dialog.current || active === document.body))
      shutter.current?.focus();
  }, [state]);

  // Set at once (the state only on the next render): quick presses in between take one photo, not one
  // each, whose leftovers would be reported as failures once the view closes with the first.
  const shooting = useRef(false);
  const shoot = useCallback(async () => {
    const current = session.current;
    if (!current || !current.running || shooting.current) return;
    shooting.current = true;
    setState('shooting');
    setFlash((n) => n + 1);
    try {
      const file = await current.shoot();
      onShot({ file, look: { ...look, settings } });
    } catch (error) {
      shooting.current = false;
      setState('running');
      onProblem?.(msg('The photo could not be taken: {reason}', { reason: shownOf(error) }));
    }
  }, [onShot, onProblem, look, settings]);

  // The self-timer counts down a second at a time; pressing the shutter again stops it.
  useEffect(() => {
    if (countdown === null) return;
    const id = setTimeout(() => {
      if (countdown > 1) {
        setCountdown(countdown - 1);
        return;
      }
      setCountdown(null);
      void shoot();
    }, 1000);
    return () => clearTimeout(id);
  }, [countdown, shoot]);

  const press = () => {
    if (state !== 'running') return;
    if (countdown !== null) setCountdown(null);
    else if (timer > 0) setCountdown(timer);
    else void shoot();
  };

  // Escape is the dialog's cancel (ModalDialog); Space and Enter press the shutter.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.key === ' ' || event.key === 'Enter') && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      press();
    }
  };

  // On the body: full screen whatever its opener's box is (a card with a backdrop filter would hold it).
  return createPortal(
    <ModalDialog
      className="camera"
      aria-label={t('Camera')}
      data-testid="camera"
      data-state={state}
      dialogRef={dialog}
      tabIndex={-1}
      focusSelf
      onCancel={onClose}
      onKeyDown={onKeyDown}
    >
      <div className="camera-top">
        <button type="button" className="button camera-close" data-testid="camera-close" onClick={onClose}>
          {t('Close')}
        </button>
        <span className="camera-info" aria-live="polite">
          {state === 'starting' && t('Starting the camera…')}
          {state !== 'starting' &&
            stats &&
            stats.frames > 0 &&
            t('{fps} fps', { fps: Math.round(stats.fps) })}
        </span>
        <button
          type="button"
          className="button"
          data-testid="camera-timer"
          aria-label={
            timer === 0 ? t('Self-timer: off') : t('Self-timer: {seconds} seconds', { seconds: timer })
          }
          onClick={() => setTimer(nextTimer)}
        >
          {timer === 0 ? t('Timer off') : t('Timer {seconds}s', { seconds: timer })}
        </button>
        {cameras > 1 && (
          <button
            type="button"
            className="button"
            data-testid="camera-switch"
            onClick={() =>
              void session.current?.switchCamera().then(() => setMirrored(session.current?.facing === 'user'))
            }
          >
            {t('Switch camera')}
          </button>
        )}
      </div>
      <div className={`camera-frame${mirrored ? ' camera-mirrored' : ''}`} ref={host} />
      {countdown !== null && (
        <div className="camera-countdown" aria-live="assertive">
          {countdown}
        </div>
      )}
      {flash > 0 && <div key={flash} className="camera-flash" aria-hidden="true" />}
      {problem && (
        <div className="camera-problem" role="alert" data-testid="camera-problem" data-problem={problem.kind}>
          <p>{translateShown(problem.message)}</p>
          <div className="camera-problem-actions">
            <button
              type="button"
              className="button button-primary"
              data-testid="camera-upload"
              onClick={onUpload}
            >
              {t('Upload a photo')}
            </button>
            {problem.kind !== 'unsupported' && (
              <button
                type="button"
                className="button"
                data-testid="camera-retry"
                onClick={() => {
                  setProblem(null);
                  setState('starting');
                  setAttempt((n) => n + 1);
                }}
              >
                {t('Try again')}
              </button>
            )}
          </div>
        </div>
      )}
      <div className="camera-bottom">
        <div className="camera-looks" role="radiogroup" aria-label={t('Look')}>
          {looks.map((option) => (
            <button
              type="button"
              key={option.key}
              role="radio"
              aria-checked={option.key === look.key}
              className={`camera-look${option.key === look.key ? ' camera-look-active' : ''}`}
              data-testid={`camera-look-${option.key}`}
              onClick={() => setLookKey(option.key)}
            >
              {option.recipe ? option.label : t(option.label)}
            </button>
          ))}
        </div>
        <div className="camera-controls">
          <label className={`camera-date${stampSetting ? '' : ' camera-date-off'}`}>
            <input
              type="checkbox"
              data-testid="camera-date"
              checked={dated && stampSetting !== null}
              disabled={stampSetting === null}
              onChange={(event) => setDated(event.target.checked)}
            />
            {t('Date')}
          </label>
          <button
            type="button"
            ref={shutter}
            className={`camera-shutter${countdown !== null ? ' camera-shutter-counting' : ''}`}
            data-testid="camera-shutter"
            aria-label={countdown !== null ? t('Stop the self-timer') : t('Take photo')}
            disabled={state !== 'running'}
            onClick={press}
          />
          <span className="camera-controls-spacer" />
        </div>
      </div>
    </ModalDialog>,
    document.body,
  );
}
