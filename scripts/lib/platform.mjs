/**
 * Scripts that import modules of a build directly (not through the CLI) install that build's Node platform first
 * (dist/node/platform.js: files, paths, hashing, threads, Vega; src/sim/core/platform.ts), as the CLI's entry point
 * does. A build older than the platform interface has none to install and needs none.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Install the Node platform of build folder `dist` when it has one. */
export async function installDistPlatform(dist) {
  const file = join(dist, 'node', 'platform.js');
  if (existsSync(file)) (await import(pathToFileURL(file).href)).installNodePlatform();
}
