/**
 * What lies over the photo on screen (the smart blur's drawing canvas), placed over the photo's window
 * inside the print while a frame is on: the canvas shows the print, and the photo fills only its window,
 * cropped centred. The children keep the whole photo's size and place, the part the print does not show
 * clipped, so a point on them is the same point of the photo as without a frame.
 */
import type { ReactNode } from 'react';
import { useAtomValue } from '../../ui/jotai.ts';
import type { Size } from '../model/layout.ts';
import { frameAtom } from './frame-atom.ts';
import { photoWindowStyles } from './photo-window.ts';

export function PhotoWindow({ photo, children }: { photo: Size; children: ReactNode }) {
  const frame = useAtomValue(frameAtom);
  const styles = photoWindowStyles(frame, photo);
  if (!styles) return <>{children}</>;
  return (
    <div style={styles.window} data-testid="photo-window">
      <div style={styles.photo}>{children}</div>
    </div>
  );
}
