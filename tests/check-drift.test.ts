// Drift before a check is played (issue 42 item 8; the web app's 検査 shows it): the committed flagship baseline
// against the flagship as shipped, edited, under another rule version and another balance-lab version, in ja and en;
// no baseline is no drift, and a damaged one is one line saying so.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineDrift } from '../src/check/drift.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { setLang } from '../src/i18n/lang.js';

const FLAGSHIP = 'experiments/lmg-worth-8-magazines.yaml';
const BASELINE = 'results/baselines/lmg-worth-8-magazines.json';
const SHIPPED = JSON.parse(readFileSync('results/baselines/lmg-worth-8-magazines.json', 'utf8')) as { packageVersion: string; experiment: { hash: string } };
const VERSION = SHIPPED.packageVersion;
const BASELINE_HASH = SHIPPED.experiment.hash;
const tmp = mkdtempSync(join(tmpdir(), 'balance-lab-drift-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The flagship with `edit` applied to its text, loaded from a copy (the baseline is found by its name). */
function flagship(edit: (s: string) => string = (s) => s) {
  const file = join(tmp, `f${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, edit(readFileSync(FLAGSHIP, 'utf8')));
  return loadExperiment(file);
}

describe('baseline drift (what check warns about, before it plays)', () => {
  it('the shipped flagship: its file is the baseline\'s, so no note says it changed', () => {
    setLang('en');
    const d = baselineDrift(loadExperiment(FLAGSHIP), VERSION);
    expect(d === null || d.notes.every((n) => !/experiment changed since the baseline/.test(n))).toBe(true);
  });

  it('an edited flagship: the experiment changed since the baseline, in the chosen language', () => {
    setLang('ja');
    const d = baselineDrift(flagship((s) => `${s}\n# 編集\n`), VERSION)!;
    expect(d.file).toMatch(/^results[/\\]baselines[/\\]lmg-worth-8-magazines\.json$/);
    expect(d.notes).toContainEqual(expect.stringMatching(new RegExp(`^注記: ベースラインの後に実験が変わりました（sha256 ${BASELINE_HASH.slice(0, 12)}… → [0-9a-f]{12}…）$`)));
    setLang('en');
    expect(baselineDrift(flagship((s) => `${s}\n# edit\n`), VERSION)!.notes).toContainEqual(expect.stringMatching(/^note: experiment changed since the baseline/));
  });

  it('another rule version: the changed rulings and the changed tracked metrics', () => {
    setLang('en');
    const d = baselineDrift(flagship((s) => s.replace('rulings: {}', 'rules: v1.01-2026-10\nrulings: {}')), VERSION)!;
    expect(d.notes).toContainEqual(expect.stringMatching(/^note: rulings changed since the baseline: .*rules: seed-2026-02-28 → v1\.01-2026-10/));
  });

  it('another balance-lab version, no baseline, a damaged baseline', () => {
    setLang('en');
    const exp = loadExperiment(FLAGSHIP);
    expect(baselineDrift(exp, '9.9.9')!.notes[0]).toMatch(/^warning: baseline .* was written by balance-lab .*, this is 9\.9\.9/);
    expect(baselineDrift(exp, VERSION, join(tmp, 'none.json'))).toBeNull();
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{ "format": ');
    expect(baselineDrift(exp, VERSION, bad)!.notes).toHaveLength(1);
    const other = join(tmp, 'other.json');
    writeFileSync(other, readFileSync(BASELINE, 'utf8').replace('"name": "lmg-worth-8-magazines"', '"name": "other"'));
    expect(baselineDrift(exp, VERSION, other)!.notes.join('\n')).toMatch(/other/);
  });
});
