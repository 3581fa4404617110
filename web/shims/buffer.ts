/**
 * The one stand-in left in the browser bundle, and not for balance-lab's code: the global `Buffer` of the third-party
 * csv-stringify (the app's CSVs come from it, byte-identical to the CLI's). Its ESM build (lib/) reads `Buffer` when it
 * loads (its UTF-8 BOM constant, `Buffer.from`) and in its option checks (`Buffer.isBuffer`); its own browser build
 * (csv-stringify/browser/esm/sync, 81 KB) carries a whole Buffer polyfill for that. The app passes no Buffer option and
 * asks for no BOM, so these few lines are enough; scripts/build-web.mjs injects them (esbuild `inject`) in place of
 * the global.
 */
export const Buffer = {
  from: (bytes: ArrayLike<number>): Uint8Array => Uint8Array.from(bytes),
  isBuffer: (_x: unknown): boolean => false,
};
