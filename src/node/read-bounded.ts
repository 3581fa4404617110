/**
 * Reading an ordinary file of bounded size on Node (issue 29 item 12), for the platform's `readBoundedFile`
 * (sim/core/platform.ts; the refusals are worded by sim/input/scenario-path.ts). Opening never blocks (O_NONBLOCK: a
 * named pipe without a writer), the kind and size come from the open descriptor, and at most the stated size plus
 * one byte is read, so /dev/zero, /dev/stdin, pipes and /proc files cost nothing.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import type { BoundedRead, SpecialFileKind } from '../sim/core/platform.js';

function kindOf(st: Stats): SpecialFileKind {
  if (st.isFIFO()) return 'fifo';
  if (st.isCharacterDevice()) return 'char';
  if (st.isBlockDevice()) return 'block';
  if (st.isSocket()) return 'socket';
  return 'other';
}

function failed(err: unknown): BoundedRead {
  const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
  return code === 'EISDIR' ? { refused: 'folder' } : { refused: 'cannotOpen', code };
}

/** Read `abs` as UTF-8 if it is an ordinary file of at most `maxBytes` bytes, else say why not. */
export function readBoundedNode(abs: string, maxBytes: number): BoundedRead {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
  } catch (err) {
    return failed(err);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { refused: 'folder' };
    if (!st.isFile()) return { refused: 'notRegular', kind: kindOf(st) };
    if (st.size > maxBytes) return { refused: 'tooBig' };
    // One byte more than stated: a file that yields it is not what its size says (a /proc or /sys file).
    const buf = Buffer.alloc(st.size + 1);
    let got = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, got, buf.length - got, null);
      } catch (err) {
        return failed(err);
      }
      if (n === 0) break;
      got += n;
      if (got === buf.length) break;
    }
    if (got !== st.size) return { refused: 'pseudoFile' };
    return { text: buf.toString('utf8', 0, got) };
  } finally {
    closeSync(fd);
  }
}
