/**
 * The global `Buffer` some bundled packages touch (csv-stringify checks options with `Buffer.isBuffer` and keeps a
 * BOM constant): injected by esbuild in place of the global. The app passes no Buffer options, so nothing is a Buffer.
 */
export const Buffer = {
  from: (bytes: ArrayLike<number>): Uint8Array => Uint8Array.from(bytes),
  isBuffer: (_x: unknown): boolean => false,
};
