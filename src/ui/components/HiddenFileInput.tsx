import type { Ref } from 'react';

interface HiddenFileInputProps {
  ref: Ref<HTMLInputElement>;
  accept: string;
  testId: string;
  label: string;
  multiple?: boolean;
  /** The chosen files (never none); the input is emptied, so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
}

/**
 * A file input opened by a button or a shortcut of the editor's (its own focus would be a second stop for
 * the same control); tests and the file chooser reach it by its test id.
 */
export function HiddenFileInput({ ref, accept, testId, label, multiple, onFiles }: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      className="visually-hidden"
      type="file"
      multiple={multiple}
      accept={accept}
      data-testid={testId}
      aria-label={label}
      tabIndex={-1}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
