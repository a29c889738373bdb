/** The keys thumbnails are known by, in the worker and in the UI (no imports: effects use them too). */
export const effectThumbnailKey = (effectId: string) => `effect:${effectId}`;
export const lookThumbnailKey = (filterName: string) => `look:${filterName}`;
