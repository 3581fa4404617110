// Issue 44 item 4: the web app's Web Workers play the specialised URBAN ASSAULT path too. The worker is bundled with
// identifiers kept (scripts/build-web.mjs workerBuildOptions); this builds a bundle of the same rule modules with the
// same options, runs it in Node, and checks that the bundle's own specialised runners are built (the rule methods'
// names resolve) and give the general runners' records game by game on shipped experiments. With the app's minified
// identifiers the specialiser finds no name and leaves every runner general (the last test: the check can fail).
import * as nodePath from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { webBuildOptions, workerBuildOptions } from '../scripts/build-web.mjs';

const root = process.cwd();
const CHECK = ['experiments/lmg-worth-8-magazines.yaml', 'experiments/lmg-worth-gunpyo-campaign.yaml', 'experiments/blacksun-campaign.yaml'];

function shippedFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): string[] => readdirSync(nodePath.join(root, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`]));
  for (const dir of ['experiments', 'scenarios', 'rulesets']) for (const f of walk(dir)) if (/\.ya?ml$/.test(f)) out[f] = readFileSync(nodePath.join(root, f), 'utf8');
  return out;
}

async function runBundle(options: object): Promise<{ namesIntact: boolean; results: { file: string; specialised: number; difference: string | null }[] }> {
  const r = await build({ ...options, entryPoints: [nodePath.join(root, 'tests/helpers/web-specialise-entry.ts')], write: false, logLevel: 'silent' });
  const g = globalThis as unknown as { __webSpecialiseIn?: unknown; __webSpecialise?: unknown; self?: unknown };
  g.__webSpecialiseIn = { files: shippedFiles(), check: CHECK, games: 60, opGames: 12 };
  const hadSelf = 'self' in g;
  if (!hadSelf) g.self = globalThis;
  try {
    runInThisContext(r.outputFiles[0].text);
    return g.__webSpecialise as Awaited<ReturnType<typeof runBundle>>;
  } finally {
    delete g.__webSpecialiseIn;
    delete g.__webSpecialise;
    if (!hadSelf) delete g.self;
  }
}

describe('the web worker plays the specialised URBAN ASSAULT path (issue 44)', () => {
  it('the worker bundle keeps the names the specialiser resolves: its runners are specialised and play the general ones\' games', async () => {
    const out = await runBundle(workerBuildOptions(root));
    expect(out.namesIntact).toBe(true);
    expect(out.results.map((r) => r.file)).toEqual(CHECK);
    for (const r of out.results) {
      expect(r.difference, r.file).toBeNull();
      expect(r.specialised, r.file).toBeGreaterThan(100);
    }
  }, 120_000);

  it('with minified identifiers (the app bundle\'s options) nothing is specialised: what the worker had before', async () => {
    const out = await runBundle(webBuildOptions(root));
    expect(out.namesIntact).toBe(false);
  }, 120_000);
});
