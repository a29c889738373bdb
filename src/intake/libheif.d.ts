// The part of libheif-js's JavaScript API we use (its own .d.ts covers only the raw wasm exports).
declare module 'libheif-js/libheif-wasm/libheif.js' {
  interface HeifImageTarget {
    data: Uint8ClampedArray;
    width: number;
    height: number;
  }
  export interface HeifImage {
    /** The embind handle; `$$.ptr` is the address of libheif's heif_image_handle. */
    handle?: { $$?: { ptr?: unknown } } | null;
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes into `target.data` (RGBA) and calls back with `target`, or with null on failure. */
    display<T extends HeifImageTarget>(target: T, callback: (result: T | null) => void): void;
    free(): void;
  }
  export interface HeifModule {
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
    // libheif's C functions, exported as they are: addresses in, results written to the module's memory.
    // A function returning struct heif_error takes the address to write it to first.
    HEAPU8: Uint8Array;
    HEAP32: Int32Array;
    _malloc(size: number): number;
    _free(address: number): void;
    heif_image_handle_get_raw_color_profile_size(handle: number): number;
    heif_image_handle_get_raw_color_profile(error: number, handle: number, data: number): void;
    heif_image_handle_get_nclx_color_profile(error: number, handle: number, out: number): void;
    heif_nclx_color_profile_free(profile: number): void;
  }
  interface HeifModuleOptions {
    wasmBinary?: ArrayBuffer;
    onRuntimeInitialized?: () => void;
    onAbort?: (what: unknown) => void;
  }
  const libheif: (options?: HeifModuleOptions) => HeifModule;
  export default libheif;
}
