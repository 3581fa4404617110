/**
 * Where balance-lab is installed, and the data it ships (`builtin:` names).
 * src/sim/input/ and dist/sim/input/ are both three levels below the package root, so the
 * same code finds the shipped scenarios in a checkout, in `node_modules`, or
 * in a packed tarball's install.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder holding package.json). */
export const PACKAGE_ROOT = dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url)))));

/** Prefix naming a scenario shipped with balance-lab: `builtin:tutorial-01-port`. */
export const BUILTIN_PREFIX = 'builtin:';

/** The shipped scenario names of one game (file names without `.yaml`), sorted. */
export function builtinScenarios(game: string): string[] {
  const dir = join(PACKAGE_ROOT, 'scenarios', game);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();
}
