/**
 * The global `Buffer` some bundled packages touch (csv-stringify checks options with `Buffer.isBuffer` and keeps a
 * BOM constant; the bounded file reader of sim/scenario-path.ts reads into `Buffer.alloc`): injected by esbuild in place of the global. The app passes no Buffer options, so nothing is a Buffer.
 */
/** Bytes that decode as UTF-8 like a Node Buffer's `toString('utf8', start, end)`. */
class Bytes extends Uint8Array {
  override toString(_enc?: string, start = 0, end = this.length): string {
    return new TextDecoder().decode(this.subarray(start, end));
  }
}

export const Buffer = {
  from: (bytes: ArrayLike<number>): Uint8Array => Bytes.from(bytes),
  alloc: (n: number): Uint8Array => new Bytes(n),
  isBuffer: (_x: unknown): boolean => false,
};
