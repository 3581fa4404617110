/**
 * The platform on Node (sim/core/platform.ts): node:fs, node:path, node:crypto, the performance clock, piscina threads
 * and the installed Vega. Each Node entry point (the CLI, the API, a script over dist/, the tests' setup) calls
 * {@link installNodePlatform} once before it loads an experiment; the core never imports this module.
 */
import { createHash } from 'node:crypto';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { installPlatform, type Platform } from '../sim/core/platform.js';
import type { Experiment } from '../sim/experiment/load.js';
import { LocalPool } from '../sim/run/local-pool.js';
import { testHold } from '../sim/run/test-hold.js';
import { workerFile } from '../sim/run/worker-file.js';
import { PACKAGE_ROOT } from './package-root.js';
import { readBoundedNode } from './read-bounded.js';
import { renderSvgNode, vegaBundlesNode } from './vega.js';
import type { TopLevelSpec } from 'vega-lite';

/** The Node platform (see the module comment). */
export const nodePlatform: Platform = {
  path: nodePath,
  packageRoot: PACKAGE_ROOT,
  env: process.env,
  readBoundedFile: readBoundedNode,
  realpath(p) {
    try {
      return realpathSync(p);
    } catch {
      return null;
    }
  },
  folderProblem(p) {
    try {
      return statSync(p).isDirectory() ? null : 'ENOTDIR';
    } catch (err) {
      return (err as NodeJS.ErrnoException).code ?? 'ENOTDIR';
    }
  },
  listFolder(dir) {
    try {
      return readdirSync(dir);
    } catch {
      return null;
    }
  },
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  now: () => performance.now(),
  // The compiled experiment the run driver hands over (run.ts) goes to each thread as the task's plain data.
  chunkPool: (exp, workers) => new LocalPool(exp as Experiment, workers, workerFile()),
  renderSvg: (spec) => renderSvgNode(spec as TopLevelSpec),
  vegaBundles: vegaBundlesNode,
  hold: testHold,
};

/** Install the Node platform (idempotent). */
export function installNodePlatform(): void {
  installPlatform(nodePlatform);
}
