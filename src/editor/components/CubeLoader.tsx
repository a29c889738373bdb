import { useId, useRef } from 'react';

interface CubeLoaderProps {
  title: string | null;
  onFile: (file: File) => void;
}

/** The Filters effect's own-LUT control: a .cube file becomes the look. */
export function CubeLoader({ title, onFile }: CubeLoaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="setting">
      <span id={id}>Your own look</span>
      <button type="button" className="button" aria-describedby={id} onClick={() => input.current?.click()}>
        Load a .cube file…
      </button>
      {title && <p className="hint">Loaded: {title}</p>}
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept=".cube,text/plain"
        data-testid="cube-input"
        aria-label="Load a .cube LUT file"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
