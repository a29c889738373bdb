export interface FeedImage {
  width: number;
  height: number;
  data: ArrayLike<number>;
}
export function toI420(image: FeedImage): Uint8Array;
export function y4m(image: FeedImage): Buffer;
