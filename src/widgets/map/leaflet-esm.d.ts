// leaflet 1.9.4's `main` is a UMD build; its ESM file has the same API as @types/leaflet (toolchain.md P7).
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
