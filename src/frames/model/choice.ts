/**
 * The user's frame: which one, and its choices (the caption, the film's edge text, frame number and
 * rebate, the border's date), its checks and its form in a look link (`frame=`). These are values of the
 * edit, which the worker's protocol and every feature read: they live in src/edit/frame.ts, and the
 * frames' model names them here beside the frames' sizes, layout and text. Its recipe form is in
 * recipe-frame.ts.
 */
export * from '../../edit/frame.ts';
