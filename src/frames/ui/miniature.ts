/**
 * A frame's thumbnail: the user's photo on a small drawing of the print (its paper, the film's rebate
 * and holes), laid out by the same layout as the engine's frame, on a 2D canvas.
 */
import { NO_FRAME } from '../../edit/frame.ts';
import { isFilm, type FrameId } from '../model/frames.ts';
import { printLayout, stripToPrint, type Size } from '../model/layout.ts';

const PAPER = '#f1efe9';
const REBATE = '#121110';
const LIGHT = '#f7f6f2';

/** Draws `id`'s print of `photo` (or of a grey photo) to fit `canvas`. */
export function drawMiniature(canvas: HTMLCanvasElement, id: FrameId, photo: ImageBitmap | null): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const size: Size = photo ? { width: photo.width, height: photo.height } : { width: 4, height: 3 };
  const layout = printLayout({ ...NO_FRAME, id }, size);
  const print = layout ?? { width: size.width, height: size.height };
  const scale = Math.min(canvas.width / print.width, canvas.height / print.height);
  const ox = (canvas.width - print.width * scale) / 2;
  const oy = (canvas.height - print.height * scale) / 2;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const film = layout && isFilm(layout.kind);
  context.fillStyle = film ? REBATE : PAPER;
  context.fillRect(ox, oy, print.width * scale, print.height * scale);
  const window = layout?.window ?? { x: 0, y: 0, ...size };
  const crop = layout?.crop ?? { x: 0, y: 0 };
  const [dx, dy, dw, dh] = [
    ox + window.x * scale,
    oy + window.y * scale,
    window.width * scale,
    window.height * scale,
  ];
  if (photo) {
    context.imageSmoothingQuality = 'high';
    context.drawImage(photo, crop.x, crop.y, window.width, window.height, dx, dy, dw, dh);
  } else {
    context.fillStyle = '#8a8a8a';
    context.fillRect(dx, dy, dw, dh);
  }
  const holes = layout?.holes;
  if (layout && holes) {
    context.fillStyle = LIGHT;
    for (let k = 0; k < 8; k++) {
      for (const row of holes.rows) {
        // A hole's corner in the strip's axes, and its far corner: drawn between them in the print's.
        const a = stripToPrint(
          layout,
          holes.first + k * holes.pitch - holes.width / 2,
          row - holes.height / 2,
        );
        const b = stripToPrint(
          layout,
          holes.first + k * holes.pitch + holes.width / 2,
          row + holes.height / 2,
        );
        context.fillRect(
          ox + Math.min(a.x, b.x) * scale,
          oy + Math.min(a.y, b.y) * scale,
          Math.abs(b.x - a.x) * scale,
          Math.abs(b.y - a.y) * scale,
        );
      }
    }
  }
}
