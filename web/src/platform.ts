/**
 * The platform of the web app (src/sim/core/platform.ts), installed once by the page (app.ts): the in-memory file tree
 * of the shipped and edited files (memory-tree.ts) under POSIX paths (posix-path.ts), SHA-256 in JavaScript
 * (sha256.ts), the page's clock, engine Web Workers for chunks (pool.ts) and the page's own Vega for charts
 * (vega-load.ts). The core modules are the CLI's, unchanged; nothing here stands in for a Node module.
 */
import { installPlatform, type Platform } from '../../src/sim/core/platform.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import * as posix from './posix-path.js';
import { folderProblem, listFolder, readBounded, realpath } from './memory-tree.js';
import { sha256Text } from './sha256.js';
import { WorkerPool } from './pool.js';
import { loadVega, vegaBundles } from './vega-load.js';

/** The page's Vega and Vega-Lite (globals defined by vega-load.ts's bundles). */
interface VegaGlobals {
  vega: { parse(spec: unknown): unknown; View: new (runtime: unknown, opts: unknown) => { toSVG(): Promise<string>; finalize(): void } };
  vegaLite: { compile(spec: unknown): { spec: unknown } };
}

/** Render a Vega-Lite spec to SVG with the page's Vega, as the CLI does with the installed one. */
async function renderSvg(spec: object): Promise<string> {
  loadVega();
  const { vega, vegaLite } = globalThis as unknown as VegaGlobals;
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The web app's platform (see the module comment). */
export const browserPlatform: Platform = {
  path: posix,
  packageRoot: posix.CWD,
  env: {}, // a page has no environment: no configured scenario roots, as with an empty one
  readBoundedFile: readBounded,
  realpath,
  folderProblem,
  listFolder,
  sha256Hex: sha256Text,
  now: () => performance.now(),
  chunkPool(exp, workers) {
    // A pool for one run, stopped when the run ends; the app's commands pass their own pool (jobs.ts) for its Stop button.
    const pool = new WorkerPool(workers);
    const executor = pool.executor(exp as Experiment);
    return { get inFlight() { return executor.inFlight; }, run: executor.run, cancelInFlight: async () => pool.terminate() };
  },
  renderSvg,
  vegaBundles,
  hold: async () => undefined, // tests' pause points live in the Node CLI only
};

/** Install the web app's platform (once, before anything loads an experiment). */
export function installBrowserPlatform(): void {
  installPlatform(browserPlatform);
}
