// The collage's panel and stage, one chunk that EditorPage loads when the collage is chosen (the collage
// editor on fabric follows from the stage).
export { CollagePanel } from './CollagePanel.tsx';
export { CollageStage } from './CollageStage.tsx';
