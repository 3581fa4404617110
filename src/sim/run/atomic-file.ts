/**
 * Write a file whole or not at all, and never through a planted link (issue 39 item 9): the text goes into a new
 * temporary sibling with an unguessable name, created exclusively with O_NOFOLLOW (so nothing that already stands at
 * that name — a symlink another local user planted, a file — is opened or written through), synced, then renamed
 * over the target. The rename replaces a symlink at the target itself, never the file it points to. Used for the
 * `--partial` file of `run --shard` and the baseline of `check --update`.
 */
import { closeSync, constants, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** Write `text` (UTF-8) as `file` atomically; throws the system's error (the temporary file removed). */
export function writeFileAtomically(file: string, text: string, mode = 0o644): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), mode);
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
