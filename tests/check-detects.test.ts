// (2) The gate catches deliberate rules changes on the flagship experiment
// with the default game count (fast mode) and the default α = 0.001: a
// baseline of the unchanged flagship is made as `check --update` makes it,
// then the experiment is changed without touching code — the LMG's +1 removed
// (a catalogue override) and 15 instead of 17 starting magazines — and checked.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineFromSummary, type Baseline } from '../src/check/baseline.js';
import { DEFAULT_ALPHA, planCheck, runCheck, type CheckResult } from '../src/check/run-check.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';

const FLAGSHIP = 'experiments/lmg-worth-8-magazines.yaml';
const TEXT = readFileSync(FLAGSHIP, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'balance-lab-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The flagship with its text edited, loaded from a temp file. */
function changed(name: string, edit: (text: string) => string) {
  const text = edit(TEXT);
  expect(text).not.toBe(TEXT);
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, text);
  return loadExperiment(file);
}

/** The moved rows, most significant first: `variant metric diff z p`. */
function cells(res: CheckResult, max = 10): string {
  return res.rows.filter((r) => r.changed).sort((a, b) => a.p - b.p).slice(0, max)
    .map((r) => `  ${r.variant} ${r.metric} ${(r.diff.estimate * (r.kind === 'rate' ? 100 : 1)).toFixed(2)}${r.kind === 'rate' ? ' pp' : ''} z=${r.z.toFixed(2)} p=${r.p.toExponential(2)} p_holm=${r.pHolm.toExponential(2)}`)
    .join('\n');
}

let baseline: Baseline;
beforeAll(async () => {
  const exp = loadExperiment(FLAGSHIP);
  const plan = planCheck(exp, null, {}); // what `check --update` plays when there is no baseline yet
  baseline = baselineFromSummary(await runExperiment(plan.exp, { workers: 0 }), 'test');
});

describe('check flags deliberate changes to the flagship (default games, α = 0.001)', () => {
  it('the LMG without its +1 attack modifier (catalogue override)', async () => {
    const exp = changed('no-lmg-bonus', (t) => t.replace(/^rulings: \{\}.*$/m, (l) => `${l}\ncatalogue: { weapons: { LMG: { attack_mod: 0 } } }`));
    const res = await runCheck(exp, baseline, { workers: 0 });
    console.log(`LMG +1 removed: ${res.summary.gamesPerVariant} games per variant; moved:\n${cells(res)}`);
    expect(res.alpha).toBe(DEFAULT_ALPHA);
    expect(res.passed).toBe(false);
    expect(res.notes.join('\n')).toMatch(/experiment changed since the baseline/);
    expect(res.notes.join('\n')).toContain('catalogue: (none) → weapons.LMG.attack_mod=0');
    // The LMG that relies on its own +1 (laser sight left on the AR) loses clear rate…
    expect(res.rows.find((r) => r.variant === 'lmg-no-laser' && r.metric === 'win')).toMatchObject({ changed: true });
    // …and only variants carrying the LMG move.
    for (const r of res.rows.filter((x) => x.changed)) expect(r.variant).toMatch(/^lmg/);
  });

  it('15 instead of 17 starting magazines at NORMAL', async () => {
    const exp = changed('fifteen-magazines', (t) => t.replace('NORMAL: 17', 'NORMAL: 15'));
    const res = await runCheck(exp, baseline, { workers: 0 });
    console.log(`17 → 15 magazines: ${res.summary.gamesPerVariant} games per variant; moved:\n${cells(res, 12)}`);
    expect(res.passed).toBe(false);
    // Every variant's clear rate drops significantly.
    for (const v of res.summary.variants) {
      const win = res.rows.find((r) => r.variant === v.name && r.metric === 'win')!;
      expect(win.changed, v.name).toBe(true);
      expect(win.diff.estimate).toBeLessThan(0);
    }
  });
});
