#!/usr/bin/env node
/**
 * `npm run build:web`: the static web app (issue 26) in dist-web/ — index.html, app.js (the app, with the engine
 * worker's script inside it as text for a Blob-URL worker: works from file:// where module and file workers are
 * blocked), vega-text.js (Vega's browser builds as text: run by the page for the charts and inlined into every
 * downloaded report.html, as the CLI's report does). Open dist-web/index.html from disk or put the folder on any
 * static host (GitHub Pages).
 *
 * esbuild bundles the same src/ modules as the CLI. They take files, paths, hashing, workers, the clock and charts
 * from the platform an entry point installs (src/sim/core/platform.ts): the page installs web/src/platform.ts, so
 * the bundle imports no Node built-in and aliases none (tests/web-shims.test.ts builds it and checks). One stand-in
 * is left, for a third-party library: web/shims/buffer.ts (the reason is written there).
 *
 * Exports {@link webBuildOptions} for that test; run as a script, it builds dist-web/.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(root, 'dist-web');

/** The stand-ins the bundle still injects, each for a third-party library (the reason is in the file). */
export const WEB_SHIMS = ['web/shims/buffer.ts'];

/** esbuild's options shared by the app and its engine worker (`root`: the repository). */
export function webBuildOptions(root) {
  return {
    bundle: true, platform: 'browser', format: 'iife', target: ['es2022', 'safari15'], minify: true, legalComments: 'none',
    // ES2022: class fields stay class fields. An ES2020 target rewrites each into a defineProperty call, which made the
    // engines' game objects 2× slower in Chromium (web-speed ratio 0.56 → 1.05, docs/web-app.md).
    inject: WEB_SHIMS.map((f) => join(root, f)), logLevel: 'warning',
  };
}

/**
 * esbuild's options for the engine worker: the app's, but identifiers kept (whitespace and syntax still minified).
 * The worker builds URBAN ASSAULT's specialised runners (issue 44, src/sim/core/partial-eval.ts), which read the rule
 * methods' own source and resolve the names they use to the rule modules' exports: with minified identifiers no name
 * matched, so the browser played the general engine. tests/web-specialise.test.ts bundles with these options and
 * checks the specialised runners are built and play the general ones' games.
 */
export function workerBuildOptions(root) {
  return { ...webBuildOptions(root), minify: false, minifyWhitespace: true, minifySyntax: true };
}
const common = webBuildOptions(root);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Build dist-web/ (see the module comment). */
async function buildWeb() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch { /* not a checkout */ }

  const shipped = {};
  // rulesets: the URBAN ASSAULT rule versions the compiler reads (issue 24); results/baselines: the committed baselines
  // the app's 検査 compares an experiment with, as check does (drift warnings, issue 42 item 8).
  for (const [dir, ext] of [['experiments', /\.ya?ml$/], ['scenarios', /\.ya?ml$/], ['rulesets', /\.ya?ml$/], ['results/baselines', /\.json$/]]) {
    if (!existsSync(join(root, dir))) continue; // a packed copy has no results/
    for (const f of walk(join(root, dir))) if (ext.test(f)) shipped[relative(root, f).split('\\').join('/')] = readFileSync(f, 'utf8');
  }

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const worker = await build({ ...workerBuildOptions(root), entryPoints: [join(root, 'web/src/worker.ts')], write: false });
  await build({
    ...common,
    entryPoints: [join(root, 'web/src/app.ts')],
    outfile: join(out, 'app.js'),
    define: {
      BL_WORKER_SOURCE: JSON.stringify(worker.outputFiles[0].text),
      BL_SHIPPED: JSON.stringify(shipped),
      BL_VERSION: JSON.stringify(pkg.version),
      BL_COMMIT: JSON.stringify(commit),
    },
  });

  const bundle = (name, rel) => {
    const dir = join(root, 'node_modules', name);
    return { code: readFileSync(join(dir, rel), 'utf8'), version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version };
  };
  const vega = bundle('vega', 'build/vega.min.js'), vegaLite = bundle('vega-lite', 'build/vega-lite.min.js'), vegaEmbed = bundle('vega-embed', 'build/vega-embed.min.js');
  writeFileSync(join(out, 'vega-text.js'), `self.BL_VEGA=${JSON.stringify({ vega: vega.code, vegaLite: vegaLite.code, vegaEmbed: vegaEmbed.code, versions: { vega: vega.version, vegaLite: vegaLite.version, vegaEmbed: vegaEmbed.version } })};\n`);
  copyFileSync(join(root, 'web/index.html'), join(out, 'index.html'));
  writeFileSync(join(out, '.nojekyll'), '');
  const size = (f) => `${(readFileSync(join(out, f)).length / 1024).toFixed(0)} KiB`;
  process.stdout.write(`dist-web/: index.html, app.js (${size('app.js')}), vega-text.js (${size('vega-text.js')})\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWeb();
