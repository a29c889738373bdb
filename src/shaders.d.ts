// Shader sources are plain files imported as strings (Vite `?raw`).
declare module '*.wgsl?raw' {
  const source: string;
  export default source;
}
declare module '*.frag?raw' {
  const source: string;
  export default source;
}
declare module '*.vert?raw' {
  const source: string;
  export default source;
}
