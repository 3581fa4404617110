/**
 * Paths as messages show them (issue 42 item 8): relative to the folder the user works in — the working folder for
 * the command line, the repository root in the Action — never by the absolute machine path of a file inside it. The CLI and the Action set
 * the root once ({@link setShownRoot}); without one (the web app, whose paths are already relative) a path is shown
 * as given. Files and folders are still read and written by their full paths; only the text changes.
 */
import { platform } from '../core/platform.js';

let root: string | undefined;

/** Show absolute paths relative to `dir` from now on (undefined: as given). */
export function setShownRoot(dir: string | undefined): void {
  root = dir;
}

/**
 * `p` as a message names it: an absolute path inside the root relative to it (`.` for the root itself); anything else
 * as given — a relative path is already the user's, and a file outside the folder is named the way the user named it
 * (a `../../` walk up to it would say less).
 */
export function shownPath(p: string): string {
  const path = platform().path;
  if (root === undefined || !path.isAbsolute(p)) return p;
  const rel = path.relative(root, p);
  if (rel === '') return '.';
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) ? p : rel;
}
