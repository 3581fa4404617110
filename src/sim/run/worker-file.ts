/**
 * The compiled worker script of Node's thread pools (the platform's local pool, src/node/platform.ts, and a queue's
 * workers and shards, sim/queue/). At runtime this module is dist/sim/run/worker-file.js and the worker sits next to
 * it; when it is loaded from source (vitest) the threads still run the compiled dist/sim/run/worker.js, never a TS loader.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { t } from '../../i18n/t.js';

/** The path of the compiled worker script; throws when it is missing (run `npm run build`). */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts')
    ? resolve(dirname(here), '../../../dist/sim/run/worker.js')
    : fileURLToPath(new URL('./worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(t('internal.workerScriptMissing', { file }));
  return file;
}
