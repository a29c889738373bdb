// A camera feed for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`), which loops a
// .y4m file: the tests play a fixture photo through it, the benchmark a test scene.

/** One frame of I420 in BT.601 limited range: Y, then Cb and Cr at half size (2x2 averages). */
export function toI420(image) {
  const { width, height, data } = image;
  if (width % 2 || height % 2) throw new Error('I420 needs an even size');
  const out = new Uint8Array(width * height * 1.5);
  const cb = width * height;
  const cr = cb + (width * height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out[y * width + x] = Math.round(
        16 + (65.481 * data[i] + 128.553 * data[i + 1] + 24.966 * data[i + 2]) / 255,
      );
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const i = ((y + dy) * width + x + dx) * 4;
        r += data[i] / 255 / 4;
        g += data[i + 1] / 255 / 4;
        b += data[i + 2] / 255 / 4;
      }
      const at = (y / 2) * (width / 2) + x / 2;
      out[cb + at] = Math.round(128 - 37.797 * r - 74.203 * g + 112 * b);
      out[cr + at] = Math.round(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  return out;
}

/** A one-frame `.y4m` of an RGBA image (`{ width, height, data }`); Chromium loops it at 30 fps. */
export function y4m(image) {
  const header = `YUV4MPEG2 W${image.width} H${image.height} F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n`;
  return Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), toI420(image)]);
}
