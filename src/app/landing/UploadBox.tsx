import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CameraShot } from '../../camera/ui/CameraView.tsx';
import { cameraOptions, LazyCameraView } from '../../camera/ui/entry.ts';
import { useSetAtom } from '../../ui/jotai.ts';
import { notifyAtom } from '../../ui/notifications.ts';
import type { DecodedImage } from '../../intake/decode.ts';
import { asDecoded, intake, IntakeError } from '../../intake/intake.ts';
import { acceptAttribute, formatLabels, isAndroid, landingFormats } from '../../intake/formats.ts';
import { firstStepOf, handOver } from '../../intake/handoff.ts';
import { listenForPastedFiles } from '../../intake/paste.ts';
import { DECODE_FAILED_MESSAGE, NO_FILE_MESSAGE, SELECT_FIRST_MESSAGE } from '../../intake/messages.ts';
import './UploadBox.css';
import { t as translate } from '../../i18n/i18n.ts';
import type { Shown } from '../../i18n/msg.ts';
import { translate as translateShown } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';

const FORMATS = landingFormats(typeof navigator !== 'undefined' && isAndroid(navigator.userAgent));
const ACCEPT = acceptAttribute(FORMATS);

interface Chosen {
  file: File;
  name: string;
  decoded: DecodedImage;
  previewUrl: string;
  /** Every photo chosen with it (it first): the editor's batch. Empty when it came alone. */
  together: readonly File[];
}

/** What a notification says of the files left out of a choice: each with the intake's reason. */
function skippedMessage(refused: readonly string[]): string {
  return translate('{count, plural, one {Skipped a file} other {Skipped # files}}: {files}', {
    count: refused.length,
    files: refused.join('; '),
  });
}

/** The photos of a choice or a drop, kept as a batch when there are several. */
const batchOf = (files: readonly File[]): readonly File[] => (files.length > 1 ? files : []);

/**
 * The landing page's upload box: click or drop a file, see it as a JPEG preview, then 'Start Editing'
 * (the editor gets the file in memory) or 'Cancel'.
 */
/** Opens a file input's chooser: its showPicker where the browser has one, else a click on it. */
function openChooser(input: HTMLInputElement): void {
  try {
    if (typeof input.showPicker === 'function') {
      input.showPicker();
      return;
    }
  } catch {
    // Refused (not from a user's key): a click is the older way.
  }
  input.click();
}

export function UploadBox() {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  /** A file being checked and decoded; the one chosen before stays until it is ready. */
  const [preparing, setPreparing] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const notify = useSetAtom(notifyAtom);
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);
  const handedOver = useRef<Chosen | null>(null);
  /** The batch of the file being prepared. */
  const [preparingTogether, setPreparingTogether] = useState<readonly File[]>([]);
  const hintId = useId();
  const t = useT();

  // What a chosen file holds (the preview's URL, the decoded bitmap) goes when it is replaced or left,
  // unless the editor took it.
  useEffect(() => {
    if (!chosen) return;
    return () => {
      URL.revokeObjectURL(chosen.previewUrl);
      if (handedOver.current !== chosen) chosen.decoded.bitmap.close();
    };
  }, [chosen]);

  /**
   * Takes the first photo of a choice that the intake accepts (the others stay with it, as the batch);
   * the files refused on the way are named, each with the intake's message, and left out.
   */
  const take = async (files: readonly (File | null | undefined)[]) => {
    const current = ++attempt.current;
    const candidates = files.filter((file): file is File => Boolean(file));
    if (candidates.length === 0) {
      setPreparing(null);
      notify({ kind: 'error', message: NO_FILE_MESSAGE });
      return;
    }
    const refused: string[] = [];
    const refuse = (file: File, error: unknown) =>
      refused.push(
        `${file.name}: ${translateShown(error instanceof IntakeError ? error.shown : DECODE_FAILED_MESSAGE)}`,
      );
    for (const [index, file] of candidates.entries()) {
      // The photo chosen before stays until this one is ready: a refused file loses nothing.
      const rest = candidates
        .slice(index)
        .filter((other) => !refused.some((r) => r.startsWith(`${other.name}: `)));
      const together = batchOf(rest);
      setPreparing(file);
      setPreparingTogether(together);
      let decoded: DecodedImage;
      let previewUrl: string;
      try {
        const taken = await intake(file, FORMATS, { bitmap: true, preview: 'jpeg' });
        decoded = asDecoded(taken);
        if (!taken.preview) throw new Error('No preview');
        previewUrl = URL.createObjectURL(taken.preview);
      } catch (error) {
        if (current !== attempt.current) return;
        refuse(file, error);
        continue;
      }
      if (current !== attempt.current) {
        decoded.bitmap.close();
        URL.revokeObjectURL(previewUrl);
        return;
      }
      setPreparing(null);
      setChosen({ file, name: file.name, decoded, previewUrl, together });
      if (refused.length > 0) notify({ kind: 'warning', message: skippedMessage(refused) });
      else if (decoded.warning) notify({ kind: 'warning', message: decoded.warning });
      return;
    }
    if (current !== attempt.current) return;
    setPreparing(null);
    // None could be taken: one file's message as the intake says it, several listed.
    const only = refused.length === 1 ? refused[0]!.slice(refused[0]!.indexOf(': ') + 2) : null;
    notify({ kind: 'error', message: only ?? skippedMessage(refused) });
  };

  // Ctrl/Cmd+V of an image takes it as a chosen file (not while the camera is open, nor into a field).
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });
  useEffect(
    () =>
      listenForPastedFiles(
        (file) => void takeRef.current([file]),
        () => document.querySelector('dialog[open], .camera') !== null,
      ),
    [],
  );

  const cancel = () => {
    attempt.current++;
    setPreparing(null);
    setChosen(null);
  };

  const start = () => {
    if (preparing) {
      // Not ready yet: the editor takes the file and decodes it itself.
      attempt.current++;
      const together = preparingTogether;
      handOver({ file: preparing, formats: FORMATS, ...(together.length > 0 ? { together } : {}) });
      navigate('/editor');
      return;
    }
    if (!chosen) {
      notify({ kind: 'warning', message: SELECT_FIRST_MESSAGE });
      return;
    }
    handedOver.current = chosen;
    handOver({
      file: chosen.file,
      formats: FORMATS,
      decoded: chosen.decoded,
      ...(chosen.together.length > 0 ? { together: chosen.together } : {}),
    });
    navigate('/editor');
  };

  // A shot goes to the editor as an upload would, with its look as the first step.
  const shot = ({ file, look }: CameraShot) => {
    attempt.current++;
    setCameraOpen(false);
    const firstStep = firstStepOf(look);
    handOver({ file, formats: FORMATS, ...(firstStep ? { firstStep } : {}) });
    navigate(`/editor${window.location.search}`);
  };
  const cameraProblem = useCallback((message: Shown) => notify({ kind: 'error', message }), [notify]);
  const cameraNotice = useCallback((message: Shown) => notify({ kind: 'warning', message }), [notify]);

  const batchSize = (preparing ? preparingTogether : (chosen?.together ?? [])).length;

  return (
    <section className="upload-card" aria-label={t('Upload a photo')}>
      {cameraOpen && (
        <Suspense fallback={null}>
          <LazyCameraView
            {...cameraOptions(window.location.search)}
            onShot={shot}
            onClose={() => setCameraOpen(false)}
            onUpload={() => {
              setCameraOpen(false);
              input.current?.click();
            }}
            onProblem={cameraProblem}
            onNotice={cameraNotice}
          />
        </Suspense>
      )}
      {preparing !== null || chosen ? (
        <figure className="upload-preview" data-testid="upload-preview">
          {preparing === null && chosen ? (
            <img
              src={chosen.previewUrl}
              alt={t('Preview of {name}', { name: chosen.name })}
              data-testid="preview-image"
            />
          ) : (
            <div className="upload-preparing" role="status">
              <span className="dots">{t('Preparing preview')}</span>
            </div>
          )}
          <figcaption className="hint">
            {preparing?.name ?? chosen?.name}
            {batchSize > 1 &&
              ` ${t("{count, plural, one {and # more for ''Apply to all''} other {and # more for ''Apply to all''}}", { count: batchSize - 1 })}`}
          </figcaption>
        </figure>
      ) : (
        <label
          className={`dropzone${dragging ? ' dropzone-active' : ''}`}
          data-testid="dropzone"
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const files = [...event.dataTransfer.files];
            void take(files);
          }}
        >
          <svg className="dropzone-icon" viewBox="0 0 48 48" aria-hidden="true">
            <rect x="5" y="12" width="38" height="28" rx="5" />
            <path d="M17 12l3-5h8l3 5" />
            <circle cx="24" cy="26" r="8" />
            <circle cx="24" cy="26" r="3" />
          </svg>
          <span className="dropzone-caption">{t('Click to upload or drag and drop')}</span>
          <span className="dropzone-formats" id={hintId}>
            {t('{formats} up to 20MB', { formats: formatLabels(FORMATS).join(', ') })}
          </span>
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            data-testid="upload-input"
            aria-describedby={hintId}
            multiple
            onKeyDown={(event) => {
              // Enter opens the file chooser as Space does (a file input answers only Space by itself).
              if (event.key !== 'Enter' || event.repeat) return;
              event.preventDefault();
              openChooser(event.currentTarget);
            }}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void take(files);
            }}
          />
        </label>
      )}
      <p className="upload-video-note">{t('video effects are available in the app.')}</p>
      <div className="upload-actions">
        <button type="button" className="button button-primary" data-testid="start-editing" onClick={start}>
          {t('Start Editing')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="camera-button"
          onClick={() => setCameraOpen(true)}
        >
          {t('Use camera')}
        </button>
        {(chosen ?? preparing) && (
          <button type="button" className="button" data-testid="cancel-upload" onClick={cancel}>
            {t('Cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
