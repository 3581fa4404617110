/**
 * Where balance-lab's shipped data lives (`builtin:` names): the platform's package root (sim/core/platform.ts). On
 * Node it is the folder holding package.json, found from the installed code in a checkout, in `node_modules` or in a
 * packed tarball's install; in the web app it is the in-memory tree of the files bundled with the page.
 */
import { platform } from '../core/platform.js';

/** The package root (the folder holding package.json, or the page's in-memory tree). */
export function packageRoot(): string {
  return platform().packageRoot;
}

/** Prefix naming a scenario shipped with balance-lab: `builtin:tutorial-01-port`. */
export const BUILTIN_PREFIX = 'builtin:';

/** The shipped scenario names of one game (file names without `.yaml`), sorted. */
export function builtinScenarios(game: string): string[] {
  const p = platform();
  const names = p.listFolder(p.path.join(p.packageRoot, 'scenarios', game)) ?? [];
  return names.filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();
}
