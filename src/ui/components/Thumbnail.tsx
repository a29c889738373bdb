import { useLayoutEffect, useRef } from 'react';

/** A thumbnail's pixels on a canvas of their size (CSS scales it like an image). */
export function Thumbnail({
  image,
  className,
  testId,
}: {
  image: ImageData;
  className?: string;
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    canvas.current?.getContext('2d')?.putImageData(image, 0, 0);
  }, [image]);
  return (
    <canvas
      ref={canvas}
      className={className}
      width={image.width}
      height={image.height}
      aria-hidden="true"
      data-testid={testId}
    />
  );
}
