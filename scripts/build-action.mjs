// The prebuilt GitHub Action (issue 42): the CLI bundled by esbuild into dist/cli/main.js with its worker scripts beside
// it, and the three Vega browser builds that report.html inlines copied to dist/vendor/, so that `balance-lab action`
// runs with no `npm ci` and no node_modules. The release workflow commits this dist/ at the tag; action.yml's install
// step sees dist/action-bundle.json and installs nothing.
//
//   npm run build && node scripts/build-action.mjs [ROOT]
//
// bundles this checkout's compiled dist/ into ROOT/dist/ (default: this checkout's, replaced).
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(resolve(process.argv[2] ?? ROOT), 'dist');
const staging = `${out}.action-tmp`;
rmSync(staging, { recursive: true, force: true });

// The bundle keeps `require` for its CommonJS dependencies, and piscina finds its own worker through __dirname: it
// is bundled to cli/piscina/worker.js. The run's worker is found beside the running script (./worker.js).
const banner = [
  "import { createRequire as __blRequire } from 'node:module';",
  "import { fileURLToPath as __blPath } from 'node:url';",
  'const require = __blRequire(import.meta.url);',
  "const __dirname = __blPath(new URL('./piscina/', import.meta.url));",
].join(' ');
await build({
  entryPoints: {
    'cli/main': join(ROOT, 'dist', 'cli', 'main.js'),
    'cli/worker': join(ROOT, 'dist', 'sim', 'run', 'worker.js'),
    'cli/piscina/worker': join(ROOT, 'node_modules', 'piscina', 'dist', 'worker.js'),
  },
  outdir: staging,
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // piscina's optional thread-priority binding: it runs without it.
  external: ['@napi-rs/nice'],
  banner: { js: banner },
  logLevel: 'warning',
});
for (const [name, file] of [['vega', 'build/vega.min.js'], ['vega-lite', 'build/vega-lite.min.js'], ['vega-embed', 'build/vega-embed.min.js']]) {
  const from = join(ROOT, 'node_modules', name);
  mkdirSync(join(staging, 'vendor', name, dirname(file)), { recursive: true });
  cpSync(join(from, file), join(staging, 'vendor', name, file));
  const { version } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
  writeFileSync(join(staging, 'vendor', name, 'package.json'), `${JSON.stringify({ name, version })}\n`);
}
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
writeFileSync(join(staging, 'action-bundle.json'), `${JSON.stringify({ format: 'balance-lab-action-bundle', version })}\n`);
rmSync(out, { recursive: true, force: true });
cpSync(staging, out, { recursive: true });
rmSync(staging, { recursive: true, force: true });
process.stdout.write(`balance-lab: the prebuilt Action is in ${out}\n`);
