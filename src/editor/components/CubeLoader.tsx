import { useId, useRef } from 'react';
import { HiddenFileInput } from '../../ui/components/HiddenFileInput.tsx';
import '../../ui/components/SettingControl.css';
import { useT } from '../../i18n/use-t.ts';

interface CubeLoaderProps {
  title: string | null;
  onFile: (file: File) => void;
}

/** The Filters effect's own-LUT control: a .cube file becomes the look. */
export function CubeLoader({ title, onFile }: CubeLoaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const t = useT();
  return (
    <div className="setting">
      <span id={id}>{t('Your own look')}</span>
      <button type="button" className="button" aria-describedby={id} onClick={() => input.current?.click()}>
        {t('Load a .cube file…')}
      </button>
      {title && <p className="hint">{t('Loaded: {title}', { title })}</p>}
      <HiddenFileInput
        ref={input}
        accept=".cube,text/plain"
        testId="cube-input"
        label={t('Load a .cube LUT file')}
        onFiles={([file]) => file && onFile(file)}
      />
    </div>
  );
}
