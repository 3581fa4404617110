/**
 * The package root on Node: the folder holding package.json. src/node/ and dist/node/ are both two levels below it,
 * so the same code finds it in a checkout, in `node_modules`, or in a packed tarball's install.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder holding package.json). */
export const PACKAGE_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
