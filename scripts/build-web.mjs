#!/usr/bin/env node
/**
 * `npm run build:web`: the static web app (issue 26) in dist-web/ — index.html, app.js (the app, with the engine
 * worker's script inside it as text for a Blob-URL worker: works from file:// where module and file workers are
 * blocked), vega-text.js (Vega's browser builds as text: run by the page for the charts and inlined into every
 * downloaded report.html, as the CLI's report does). Open dist-web/index.html from disk or put the folder on any
 * static host (GitHub Pages).
 *
 * esbuild bundles the same src/ modules as the CLI. The few Node built-ins the loader imports are replaced by the
 * small browser modules in web/shims/ (an in-memory file tree, POSIX paths, a synchronous sha256, the page's
 * clock); the CLI's code is unchanged.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(root, 'dist-web');
const shim = (f) => join(root, 'web', 'shims', f);

const alias = {
  'node:fs': shim('fs.ts'), 'node:fs/promises': shim('fs-promises.ts'), 'node:path': shim('path.ts'), 'node:url': shim('url.ts'),
  'node:crypto': shim('crypto.ts'), 'node:perf_hooks': shim('perf-hooks.ts'), 'node:os': shim('os.ts'), 'node:module': shim('module.ts'),
  piscina: shim('piscina.ts'), vega: shim('vega.ts'), 'vega-lite': shim('vega-lite.ts'),
};
const common = {
  bundle: true, platform: 'browser', format: 'iife', target: ['es2022', 'safari15'], minify: true, legalComments: 'none',
  // ES2022: class fields stay class fields. An ES2020 target rewrites each into a defineProperty call, which made the
  // engines' game objects 2× slower in Chromium (web-speed ratio 0.56 → 1.05, docs/web-app.md).
  alias, inject: [shim('buffer.ts')], logLevel: 'warning',
  // The package root of the bundled modules (sim/input/package-root.ts) is the in-memory tree's /pkg.
  // No environment in a page: no configured scenario roots (sim/input/scenario-path.ts), as with an empty environment.
  define: { 'import.meta.url': '"file:///pkg/dist/sim/input/bundle.js"', 'process.env': '{}' },
};

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let commit = null;
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch { /* not a checkout */ }

const shipped = {};
for (const dir of ['experiments', 'scenarios', 'rulesets']) { // rulesets: the URBAN ASSAULT rule versions the compiler reads (issue 24)
  for (const f of walk(join(root, dir))) if (/\.ya?ml$/.test(f)) shipped[relative(root, f).split('\\').join('/')] = readFileSync(f, 'utf8');
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const worker = await build({ ...common, entryPoints: [join(root, 'web/src/worker.ts')], write: false });
await build({
  ...common,
  entryPoints: [join(root, 'web/src/app.ts')],
  outfile: join(out, 'app.js'),
  define: {
    ...common.define,
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
