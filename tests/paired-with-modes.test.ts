// paired_with (docs/paired-with.md) under the commands that build their own experiments: search and tune race
// candidates against their leader (the key is dropped from the candidates, never refused there), solve's difference
// target is taken against the variant's reference and refuses a variant without one; the report says "vs NAME".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-pairref-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let k = 0;
const cli = (cmd: string, text: string, args: string[] = []) => {
  const f = join(root, `e${k++}.yaml`);
  writeFileSync(f, text);
  const out = join(root, `out${k}`);
  return { ...spawnSync(process.execPath, [BIN, cmd, f, ...(cmd === 'validate' ? [] : ['--out', out, '--quiet', '--workers', '0']), ...args], { encoding: 'utf8', timeout: 240_000 }), out };
};

const SEARCH = (from: string, extra: string) => tinyUa('pw-search', 'Which grenades help?', 12, '1d3+2', `${extra}search:
  from: ${from}
  space:
    purchases: { items: [frag_grenade, flashbang], max_each: 1 }
  objective: { metric: win }
  top: 1
  games: { start: 500, max: 2000 }
`);

describe('paired_with under search, tune and solve', () => {
  it('search from a variant with paired_with gives the same race as from the same variant without it', () => {
    const a = cli('search', SEARCH('baseline', ''));
    const b = cli('search', SEARCH('twin', '  - { name: twin, paired_with: none }\n'));
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(readFileSync(join(b.out, 'search.csv'), 'utf8')).toBe(readFileSync(join(a.out, 'search.csv'), 'utf8'));
  }, 240_000);

  it('tune races a variant with paired_with and the tuned run keeps its reference', () => {
    const r = cli('run', tinyUa('pw-tune', 'Reserve?', 8, '1d3+2', `  - { name: reserve3, policy_params: { reserve: 3 } }
  - { name: reserve0, paired_with: reserve3, policy_params: { reserve: 0 } }
tune:
  params: { reserve: [0, 6] }
  games: { start: 500, max: 1000 }
`));
    expect(r.status, r.stderr).toBe(0);
    const tuned = JSON.parse(readFileSync(join(r.out, 'tuned', 'run.json'), 'utf8')) as { variants: { name: string; pairedWith?: string | null }[] };
    expect(tuned.variants.find((v) => v.name === 'reserve0')!.pairedWith).toBe('reserve3');
    const table = r.stdout + readFileSync(join(r.out, 'summary.csv'), 'utf8');
    expect(table).toContain('paired_with');
  }, 240_000);

  const SOLVE = (variant: string) => tinyUa('pw-solve', 'How many magazines?', 6, '1d3+1', `  - { name: lone, paired_with: none, policy_params: { reserve: 3 } }
  - { name: vsLone, paired_with: lone, policy_params: { reserve: 0 } }
solve:
  value: gauntlet.starting_magazines
  range: [0, 6]
  target: { difference: 0 }
${variant}  games: { start: 500, max: 1000 }
`);
  it('solve: a difference target defaults to the one variant with a paired difference; a variant with none is refused', () => {
    expect(cli('validate', SOLVE('')).status).toBe(0);
    const bad = cli('validate', SOLVE('  variant: lone\n'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/e\d+\.yaml:\d+: solve\.variant: /);
    expect(bad.stderr).toContain('vsLone');
  });
});
