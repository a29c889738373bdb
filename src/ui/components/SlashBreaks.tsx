import { Fragment } from 'react';

/**
 * A name with a place to break after each slash ('Blur/Pixelate'): WebKit and Chromium do not break there
 * on their own, so in a narrow tile the whole name would count as one word and be split inside a word.
 */
export function SlashBreaks({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}
