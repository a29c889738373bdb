import { isStartOfFrame, payloadOf, segmentsOf } from '../../src/jpeg-file/segments.ts';

/** A JPEG file's size, from its frame header (SOF0 to SOF15, not DHT, JPG or DAC), read in Node. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const frame = segmentsOf(bytes).find((segment) => isStartOfFrame(segment.marker));
  if (!frame) throw new Error('No frame header in this JPEG');
  const payload = payloadOf(bytes, frame);
  return {
    height: (payload[1]! << 8) | payload[2]!,
    width: (payload[3]! << 8) | payload[4]!,
  };
}
