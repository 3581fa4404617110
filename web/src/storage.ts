/**
 * The app's keys in localStorage, namespaced to the page's folder (issue 39 item 19): every app on one origin shares
 * one localStorage, so two GitHub Pages sites of the same owner (`owner.github.io/repo-a/` and `/repo-b/`) must not
 * read or overwrite each other's edits. The key holds the folder of the page's path, e.g.
 * `balance-lab:/repo-a/:edits`. Keys of versions before this one (`balance-lab.edits`, `balance-lab.state`) could
 * belong to any site of the origin and are left alone, never read. Pure (tests/web-storage.test.ts).
 */

/** The folder of a URL path (`/repo/` for `/repo/index.html` and `/repo/`); percent-escapes are kept as they are. */
function folderOf(pathname: string): string {
  const p = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return p.slice(0, p.lastIndexOf('/') + 1);
}

/** The localStorage key of `name` (`edits`, `state`) for a page at `pathname`. */
export function storageKey(pathname: string, name: 'edits' | 'state'): string {
  return `balance-lab:${folderOf(pathname)}:${name}`;
}
