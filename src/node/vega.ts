/**
 * Vega on Node, for the platform (sim/core/platform.ts): rendering a Vega-Lite spec to SVG with the installed
 * packages, and the browser bundles of Vega, Vega-Lite and vega-embed read from them, so a report works offline with
 * no CDN. Loaded on first use: a command that draws no chart never loads Vega.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { VegaBundles } from '../sim/core/platform.js';
import { t } from '../i18n/t.js';
import { PACKAGE_ROOT } from './package-root.js';

/** Compile and render a Vega-Lite spec to SVG text without a browser or canvas (throws on an invalid spec). */
export async function renderSvgNode(spec: TopLevelSpec): Promise<string> {
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Package name and the path of its browser (UMD) bundle inside the package. */
const BUNDLES = {
  vega: ['vega', 'build/vega.min.js'],
  vegaLite: ['vega-lite', 'build/vega-lite.min.js'],
  vegaEmbed: ['vega-embed', 'build/vega-embed.min.js'],
} as const;

const require = createRequire(import.meta.url);

/**
 * The folder holding `name`'s package.json: the prebuilt Action's copy (dist/vendor/<name>/, scripts/build-action.mjs,
 * which ships no node_modules) when there is one, else found upward from the package's resolved entry point.
 */
function packageRoot(name: string): string {
  const vendored = join(PACKAGE_ROOT, 'dist', 'vendor', name);
  if (existsSync(join(vendored, 'package.json'))) return vendored;
  let dir = dirname(require.resolve(name));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === name) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(t('internal.packageFolderMissing', { name }));
    dir = up;
  }
}

function readBundle(name: string, rel: string): { code: string; version: string } {
  const root = packageRoot(name);
  const file = join(root, rel);
  if (!existsSync(file)) throw new Error(t('internal.bundleMissing', { name, rel }));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
  return { code: readFileSync(file, 'utf8'), version: typeof version === 'string' ? version : '?' };
}

let cached: VegaBundles | undefined;

/** Read (once per process) the three bundles from node_modules. Throws when one is missing. */
export function vegaBundlesNode(): VegaBundles {
  if (!cached) {
    const vega = readBundle(...BUNDLES.vega);
    const vegaLite = readBundle(...BUNDLES.vegaLite);
    const vegaEmbed = readBundle(...BUNDLES.vegaEmbed);
    cached = {
      vega: vega.code,
      vegaLite: vegaLite.code,
      vegaEmbed: vegaEmbed.code,
      versions: { vega: vega.version, vegaLite: vegaLite.version, vegaEmbed: vegaEmbed.version },
    };
  }
  return cached;
}
