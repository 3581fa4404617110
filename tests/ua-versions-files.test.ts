// URBAN ASSAULT rule versions from files (issue 24): a designer's own ruleset file (`base:` + what differs),
// the shipped ruleset files themselves, and `check` catching a rule revision: a baseline made under one
// version and a run under another list the moved metrics.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineFromSummary } from '../src/check/baseline.js';
import { planCheck, runCheck } from '../src/check/run-check.js';
import { baselineMismatch } from '../src/check/baseline-match.js';
import { experimentMetrics } from '../src/sim/run/chunk.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import { baseCatalogue } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { shippedRules } from '../src/rules/urban-assault/catalogue/ruleset-read.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';

const dir = mkdtempSync(join(tmpdir(), 'balance-lab-uaver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAUNTLET = `gauntlet:
  max_rounds: 8
  starting_magazines: 12
  engagements:
    - { name: e, location: indoor, enemies: [{ name: foes, count: 3, level: 4 }], reaction: hostile }
`;

describe('ruleset files', () => {
  it('the seed\'s ruleset file reproduces the engine\'s seed catalogue exactly', () => {
    expect(shippedRules('seed-2026-02-28').catalogue).toEqual(baseCatalogue());
  });

  it('a designer\'s ruleset file (base: + the entries that differ) is used by rules: <file>, new entries included', () => {
    writeFileSync(join(dir, 'my-rules.yaml'), 'base: public-2026-03-23\neconomy: { starting_gunpyo: 12 }\nweapons:\n  LMG: { cost: 6 }\n  carbine: { cost: 3, shots: 1, attack_mod: 1, extra_ammo: 0, one_handed_mod: -1, one_handed_mod_wounded: -1, outdoor_mod: 0, odd_chooses_target: false, two_handed: false, magazines_per_shot: 1, damage: 1, armoured_damage: 1, reload_rounds: 0, carry_slots: 1 }\n');
    const file = join(dir, 'exp.yaml');
    writeFileSync(file, `name: designer\ngame: urban-assault\nseed: 1\nstop: { games: 10 }\nrules: my-rules.yaml\n${GAUNTLET}variants:\n  - { name: a, baseline: true, leader: { sub_ability: shooting }, buy: [LMG, carbine], weapon: carbine }\n`);
    const exp = loadExperiment(file);
    const v = exp.compiled.variants[0].params as UaVariant;
    expect(v.squad.rules.base).toBe('public-2026-03-23');
    expect(v.squad.rules.version).toMatch(/my-rules\.yaml \(base public-2026-03-23\)/);
    expect(v.squad.scripStart).toBe(3); // 12 軍票 − 6 − 3
    expect(exp.compiled.rulings[0].choice).toMatch(/my-rules\.yaml/);
  });

  it('a designer\'s file without base:, or with an unknown field, is an error naming the ruleset file and line', () => {
    writeFileSync(join(dir, 'bad-rules.yaml'), 'weapons:\n  LMG: { cost: 6 }\n');
    writeFileSync(join(dir, 'bad-field.yaml'), 'base: dev-2026-05-09\nweapons:\n  LMG:\n    weight: 9\n');
    const exp = (rules: string) => {
      const file = join(dir, `exp-${rules}`);
      writeFileSync(file, `name: bad\ngame: urban-assault\nseed: 1\nstop: { games: 10 }\nrules: ${rules}\n${GAUNTLET}variants:\n  - { name: a, baseline: true, leader: { sub_ability: shooting } }\n`);
      return () => loadExperiment(file);
    };
    expect(exp('bad-rules.yaml')).toThrow(/bad-rules\.yaml.*base: <version>/);
    expect(exp('bad-field.yaml')).toThrow(/bad-field\.yaml:4: weapons\.LMG\.weight: unknown key "weight"/);
  });
});

describe('check: a baseline under one rule version, a run under another', () => {
  it('lists the metrics the revision moved (tutorial 01 operation, seed → published 2026-03-23)', async () => {
    const text = (rules: string) => `name: version-gate\ngame: urban-assault\nseed: 7\nstop: { games: 3000, chunk: 1000 }\nrules: ${rules}\noperation:\n  scenario: builtin:tutorial-01-port\n  difficulty: NORMAL\nsquad:\n  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }\n  members: { assault: 7 }\nvariants:\n  - { name: kit, baseline: true }\n`;
    const before = join(dir, 'gate-seed.yaml'), after = join(dir, 'gate-public.yaml');
    writeFileSync(before, text('seed-2026-02-28'));
    writeFileSync(after, text('public-2026-03-23'));
    const base = loadExperiment(before);
    const baseline = baselineFromSummary(await runExperiment(planCheck(base, null, { games: 3000 }).exp, { workers: 0 }), 'test');
    const res = await runCheck(loadExperiment(after), { ...baseline, experiment: { ...baseline.experiment, name: 'version-gate' } }, { workers: 0, games: 3000 });
    expect(res.notes.join('\n')).toContain('rules: seed-2026-02-28 → public-2026-03-23');
    const moved = res.rows.filter((r) => r.changed).map((r) => r.metric);
    console.log(`seed → public-2026-03-23 moved: ${moved.join(', ')}`);
    expect(res.passed).toBe(false);
    // Magazines are issued in full and converted at the end: 軍票 at the end moves for sure.
    expect(moved).toContain('scrip');
  });

  it('a gauntlet under a new version adds gunpyo_end and wounds_end: check compares the shared metrics and names the added ones (issue 24)', async () => {
    const text = (rules: string) => `name: gauntlet-gate\ngame: urban-assault\nseed: 7\nstop: { games: 1000, chunk: 500 }\nrules: ${rules}\n${GAUNTLET}variants:\n  - { name: kit, baseline: true, leader: { sub_ability: shooting } }\n`;
    const before = join(dir, 'g-seed.yaml'), after = join(dir, 'g-public.yaml');
    writeFileSync(before, text('seed-2026-02-28'));
    writeFileSync(after, text('public-2026-03-23'));
    const baseline = baselineFromSummary(await runExperiment(planCheck(loadExperiment(before), null, { games: 1000 }).exp, { workers: 0 }), 'test');
    const exp = loadExperiment(after);
    expect(baselineMismatch(baseline, exp, experimentMetrics(exp))).toBeNull();
    const res = await runCheck(exp, baseline, { workers: 0, games: 1000 });
    expect(res.notes.join('\n')).toMatch(/rule version changed \(seed-2026-02-28 → public-2026-03-23\).*added gunpyo_end, wounds_end/);
    expect(res.rows.map((r) => r.metric)).not.toContain('gunpyo_end');
    expect(res.rows.map((r) => r.metric)).toContain('magazines_spent');
    // Under one version a changed set of metrics is still refused.
    const fewer = { ...baseline, metrics: { ...baseline.metrics, values: baseline.metrics.values.slice(1) } };
    expect(baselineMismatch(fewer, loadExperiment(before), experimentMetrics(loadExperiment(before)))?.path).toBe('metrics');
  });
});
