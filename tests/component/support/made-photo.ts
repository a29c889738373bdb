/** A photo of any shape made in the test: bands of colour with a diagonal, so every look changes it. */
export async function madePhoto(width: number, height: number, name = `photo-${width}x${height}.png`) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#d04030');
  gradient.addColorStop(0.5, '#f0d080');
  gradient.addColorStop(1, '#2050a0');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#183018';
  for (let y = 0; y < height; y += 40) context.fillRect(0, y, width, 12);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new File([blob], name, { type: 'image/png' });
}
