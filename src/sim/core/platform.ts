/**
 * What the core takes from the platform it runs on (issue 37 item 3): reading a file and listing shipped data, path
 * arithmetic, hashing, the clock for progress, a pool of workers for chunks, and drawing charts. The core (compile,
 * run, accumulate, summarise, report data) never imports a Node built-in; each entry point installs one
 * implementation once before it loads an experiment: `src/node/platform.ts` for the CLI, the API, the action and the
 * tests, `web/src/platform.ts` for the web app. Nothing here changes a result: every random draw comes from the seeded
 * streams, and the clock only feeds timing fields.
 */
import { t } from '../../i18n/t.js';
import type { ChunkExecutor } from './chunk-executor.js';

/** Path arithmetic in the platform's spelling: node:path on Node, POSIX paths of an in-memory tree in a page. */
export interface PlatformPaths {
  /** The separator of path segments (`/`, or `\` on Windows). */
  readonly sep: string;
  /** The separator of a list of paths in one variable (`:` or `;`). */
  readonly delimiter: string;
  join(...parts: string[]): string;
  /** An absolute path, relative parts taken against the working folder. */
  resolve(...parts: string[]): string;
  dirname(p: string): string;
  basename(p: string, ext?: string): string;
  relative(from: string, to: string): string;
  isAbsolute(p: string): boolean;
}

/** What kind of thing a path is when it is not an ordinary file or folder. */
export type SpecialFileKind = 'fifo' | 'char' | 'block' | 'socket' | 'other';

/**
 * The answer of {@link Platform.readBoundedFile}: the text, or why it was not read. The caller words the refusal
 * (sim/input/scenario-path.ts); the platform only says what happened, never the file's contents.
 */
export type BoundedRead =
  | { readonly text: string }
  | { readonly refused: 'cannotOpen'; readonly code: string }
  | { readonly refused: 'folder' }
  | { readonly refused: 'notRegular'; readonly kind: SpecialFileKind }
  | { readonly refused: 'tooBig' }
  | { readonly refused: 'pseudoFile' };

/** The browser builds of Vega, Vega-Lite and vega-embed that a report inlines (it works offline, with no CDN). */
export interface VegaBundles {
  /** Global `vega` (vega/build/vega.min.js). */
  readonly vega: string;
  /** Global `vegaLite`, needs `vega` (vega-lite/build/vega-lite.min.js). */
  readonly vegaLite: string;
  /** Global `vegaEmbed`, needs both (vega-embed/build/vega-embed.min.js). */
  readonly vegaEmbed: string;
  /** Installed versions, e.g. `{ vega: '6.4.0', … }`, shown in the report footer. */
  readonly versions: Readonly<Record<'vega' | 'vegaLite' | 'vegaEmbed', string>>;
}

/** The points a test can hold the tool at (Node: `BALANCE_LAB_TEST_HOLD`, src/sim/run/test-hold.ts). */
export type HoldPoint = 'after-connect' | 'swap' | 'experiment-played' | 'two-chunks-merged' | 'tmp-made';

/** The services of one platform (see the module comment). */
export interface Platform {
  readonly path: PlatformPaths;
  /** The folder holding the shipped data: `experiments/`, `scenarios/<game>/`, `rulesets/`. */
  readonly packageRoot: string;
  /** Environment variables the input reads (`BALANCE_LAB_SCENARIO_ROOTS`); none in a page. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Read an ordinary file of at most `maxBytes` bytes as UTF-8 without blocking and without reading more than one
   * byte past the size it states (a device, a pipe or a /proc file costs nothing), or say why not.
   */
  readBoundedFile(abs: string, maxBytes: number): BoundedRead;
  /** The real path of an existing file or folder (links resolved), or null when there is none. */
  realpath(p: string): string | null;
  /** Null when `p` is a folder, else the reason it is not (an errno code such as `ENOENT` or `ENOTDIR`). */
  folderProblem(p: string): string | null;
  /** The names in a folder, or null when there is no such folder. */
  listFolder(dir: string): string[] | null;
  /** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits (an experiment's hash). */
  sha256Hex(text: string): string;
  /** Milliseconds on a monotonic clock: timing and progress only, never a result. */
  now(): number;
  /**
   * A pool of `workers` workers playing chunks of `exp` (the compiled experiment, sent to each worker once): piscina
   * threads on Node, Web Workers in a page. Results never depend on it (run.ts merges chunks in order).
   */
  chunkPool(exp: object, workers: number): ChunkExecutor;
  /** Compile a Vega-Lite spec and render it to SVG text without a screen. */
  renderSvg(vegaLiteSpec: object): Promise<string>;
  /** The Vega browser builds a report.html inlines. */
  vegaBundles(): VegaBundles;
  /** Wait at a test's pause point when a test asked for it; returns at once otherwise. */
  hold(point: HoldPoint): Promise<void>;
}

let installed: Platform | null = null;

/** Install the platform, once, at an entry point (a second call replaces it: tests swap in a fake). */
export function installPlatform(p: Platform): void {
  installed = p;
}

/** The installed platform; throws when the entry point installed none (a bug of that entry point). */
export function platform(): Platform {
  if (installed === null) throw new Error(t('internal.noPlatform'));
  return installed;
}
