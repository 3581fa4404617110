/**
 * The repository's files in the published web app (issue 42): when the Action publishes the app at app/ of the Pages
 * site, it writes the experiments it checked, the scenario and ruleset files they read and their baselines into
 * app/site-files.js, a static script that sets one global, `BL_SITE_FILES`, read by the app at start (web/src/files.ts).
 * No request at run time: index.html loads it with a `<script>` before app.js. Pure (no Node built-in), so the app
 * bundle shares the reader; tests/site-files.test.ts covers both sides.
 *
 * The script is JSON with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes, so no file's name or text can
 * close the script element or end a line of the script; the files are an array of [path, text] pairs, never object
 * keys, so a path such as `__proto__` is an ordinary string.
 */

/** The repository's files as the app receives them. */
export interface SiteFiles {
  /** The experiment files the Action checked, in its order (paths relative to the repository). */
  readonly experiments: readonly string[];
  /** Every file (experiments, scenarios, rulesets, baselines): path relative to the repository → text. */
  readonly files: ReadonlyArray<readonly [string, string]>;
}

/** The script file's name inside the app folder. */
export const SITE_FILES_SCRIPT = 'site-files.js';

/** The largest site-files.js the Action writes (bytes, UTF-8): a phone loads it with the app on every visit. */
export const SITE_FILES_MAX_BYTES = 8 * 1024 * 1024;

const UNSAFE = /[<>&\u2028\u2029]/g;

/** `value` as JSON safe inside an HTML `<script>` element and as a line of JavaScript. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The text of app/site-files.js for `site`. */
export function siteFilesScript(site: SiteFiles): string {
  return `self.BL_SITE_FILES=${scriptSafeJson({ experiments: site.experiments, files: site.files })};\n`;
}

/**
 * A path the site may carry: relative, `/`-separated, each part a plain name (not empty, not starting with `.`, no
 * `\`, no control character), at most 8 parts.
 */
export function isSitePath(path: string): boolean {
  const parts = path.split('/');
  return parts.length <= 8 && parts.every((p) => p !== '' && !p.startsWith('.') && !/[\\\u0000-\u001f\u007f]/.test(p));
}

/**
 * Read the global the script sets (anything else: no files). Keeps only well-formed [path, text] pairs with a
 * {@link isSitePath} path, and the experiments among them.
 */
export function readSiteFiles(value: unknown): SiteFiles {
  const o = value && typeof value === 'object' ? (value as { experiments?: unknown; files?: unknown }) : {};
  const files = (Array.isArray(o.files) ? o.files : [])
    .filter((e): e is [string, string] => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string' && isSitePath(e[0]));
  const have = new Set(files.map(([p]) => p));
  const experiments = (Array.isArray(o.experiments) ? o.experiments : []).filter((p): p is string => typeof p === 'string' && have.has(p));
  return { experiments, files };
}
