// exifr's mini build (JPEG/HEIC/TIFF, orientation included) is much smaller than the full one; it has the same
// API, so it borrows the package's own types.
declare module 'exifr/dist/mini.esm.mjs' {
  export { orientation, parse } from 'exifr';
}
