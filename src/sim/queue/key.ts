/**
 * The queue key (issue 29 item 1): a secret shared by the coordinator and the workers that authenticates run specs,
 * jobs and results with HMAC-SHA256 (sim/queue/job.ts). It is read from `BALANCE_LAB_QUEUE_KEY_FILE` (a file holding the
 * key, e.g. a mounted Kubernetes Secret) or `BALANCE_LAB_QUEUE_KEY` (the key itself), is at least 16 characters, and is
 * never printed: messages name the variable, not the value.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../input/input-error.js';

/** Read at most 8 KiB of a regular file (a key file naming /dev/zero or a FIFO is refused, not read forever). */
export function readKeyFile(file: string): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREGULAR' });
    const b = Buffer.alloc(8192);
    const n = readSync(fd, b, 0, b.length, 0);
    return b.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Shortest key accepted (characters). */
export const MIN_KEY_LENGTH = 16;

/** The key from the environment, or null when none is set. An unusable key is an InputError (exit 2). */
export function queueKeyFromEnv(env: Readonly<Record<string, string | undefined>>, readFile: (file: string) => Buffer = readKeyFile): Buffer | null {
  const file = env.BALANCE_LAB_QUEUE_KEY_FILE;
  let key: string | undefined;
  let source = 'BALANCE_LAB_QUEUE_KEY';
  if (file !== undefined && file !== '') {
    source = 'BALANCE_LAB_QUEUE_KEY_FILE';
    let b: Buffer;
    try {
      b = readFile(file);
    } catch (err) {
      throw new InputError(file, undefined, source, { id: 'queue.keyUnreadable', params: { code: (err as NodeJS.ErrnoException).code ?? 'error' } });
    }
    key = b.toString('utf8').trim();
  } else key = env.BALANCE_LAB_QUEUE_KEY;
  if (key === undefined || key === '') return null;
  if (key.length < MIN_KEY_LENGTH || key.length > 4096) throw new InputError('environment', undefined, source, { id: 'queue.keyTooShort', params: { min: MIN_KEY_LENGTH } });
  return Buffer.from(key, 'utf8');
}
