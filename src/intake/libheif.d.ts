// The part of libheif-js's JavaScript API we use (its own .d.ts covers only the raw wasm exports).
declare module 'libheif-js/libheif-wasm/libheif.js' {
  interface HeifImageTarget {
    data: Uint8ClampedArray;
    width: number;
    height: number;
  }
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes into `target.data` (RGBA) and calls back with `target`, or with null on failure. */
    display<T extends HeifImageTarget>(target: T, callback: (result: T | null) => void): void;
    free(): void;
  }
  interface HeifModule {
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
  }
  interface HeifModuleOptions {
    wasmBinary?: ArrayBuffer;
    onRuntimeInitialized?: () => void;
    onAbort?: (what: unknown) => void;
  }
  const libheif: (options?: HeifModuleOptions) => HeifModule;
  export default libheif;
}
