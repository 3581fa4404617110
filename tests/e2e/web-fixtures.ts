// Shared by the web app's browser tests (Chromium and WebKit): building dist-web/, a static HTTP server for it, the
// small solve/search experiments pasted into the app, and the CLI's results for the same inputs.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const DIST_WEB = join(REPO, 'dist-web');
export const FLAGSHIP = 'experiments/lmg-worth-8-magazines.yaml';
/** Games per variant of the flagship run compared with the CLI (chunk 2000: two chunks, one short). */
export const FLAGSHIP_GAMES = 3000;

/** `npm run build:web`; throws with its output when it fails. */
export function buildWeb(): void {
  const r = spawnSync(process.execPath, [join(REPO, 'scripts/build-web.mjs')], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build:web failed:\n${r.stdout}\n${r.stderr}`);
}

/** The shipped break-even experiment cut to one small `solve:` question (pasted into the app's editor). */
export function smallSolveYaml(): string {
  const s = readFileSync(join(REPO, 'experiments/lmg-break-even.yaml'), 'utf8');
  return `${s.slice(0, s.indexOf('solve:'))}solve:\n  value: catalogue.weapons.LMG.cost\n  range: [0, 8]\n  target: { difference: 0 }\n  metric: win\n  variant: lmg\n  games: { start: 500, max: 2000 }\n`;
}

/** The shipped robot search cut to armies of two and few games. */
export function smallSearchYaml(): string {
  return readFileSync(join(REPO, 'experiments/robot-best-army.yaml'), 'utf8')
    .replace('      size: [2, 4]', '      size: [2, 2]')
    .replace('  games: { start: 500, max: 8000 }', '  games: { start: 200, max: 800 }');
}

/** Run the CLI (`node bin/balance-lab.js …`) in the repository; returns the files of `outDir` (name → text). */
export function cli(args: string[], outDir: string): Record<string, string> {
  const r = spawnSync(process.execPath, [join(REPO, 'bin/balance-lab.js'), ...args, '--out', outDir, '--quiet'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, LANG: 'C' } });
  if (r.status !== 0) throw new Error(`balance-lab ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const files: Record<string, string> = {};
  for (const f of readdirSync(outDir)) if (/\.(csv|json|html)$/.test(f)) files[f] = readFileSync(join(outDir, f), 'utf8');
  return files;
}

/** Write `text` to `dir/name` and return its path. */
export function writeIn(dir: string, name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json' };

/** A static file server for `root` on 127.0.0.1 (a random port), plus `extra` pages (URL path → HTML); resolves to its base URL. */
export async function serveStatic(root: string, extra: Record<string, string> = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path in extra) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(extra[path]);
      return;
    }
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${addr.port}/`, server };
}

/** A page of `ctx` opened at `url` (waiting for the app's #run button) that records console errors and uncaught exceptions. */
export async function openApp(ctx: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('#run');
  return { page, errors };
}
