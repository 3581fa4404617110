#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const entry = join(here, '..', 'dist', 'cli', 'main.js');
if (!existsSync(entry)) {
  process.stderr.write('balance-lab: dist/ is missing; run `npm install` (or `npm run build`) first.\n');
  process.exit(2);
}
await import(entry);
