// Issue 28 item 9: one experiment whose variants play different scenarios (港湾制圧訓練 and 中継局奪還) and a campaign
// beside a single operation (a variant's campaign: { max_attempts: 1 }). Before: a variant's `campaign` was an unknown
// key, and another scenario reporting other counters was refused. Now every scenario's counters are reported (0 where
// a scenario lacks one, said in the label), and the single operation is the campaign's first attempt on the same dice.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { RngDice } from '../src/sim/core/dice.js';
import { STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { getEngine } from '../src/registry.js';
import { compileOp, d33Traces, type OpSpec } from './helpers/ua-op-harness.js';

const FILE = 'experiments/scenarios-and-attempts.yaml';

describe('variants over scenarios and over campaigns (issue 28 item 9)', () => {
  const exp = loadExperiment(FILE, {});
  const engine = getEngine(exp.engine);
  const spec = engine.metrics(exp.compiled.game);
  const idx = (id: string) => spec.rates.findIndex((r) => r.id === id);
  const val = (id: string) => spec.values.findIndex((r) => r.id === id);

  it('lays out the relay station\'s counters for every variant, labelled with the scenario that has them', () => {
    const c = spec.values.find((v) => v.id === 'counter_contact_first');
    expect(c?.label).toBe('Counter contact at the end of the first attempt (only relay-station; 0 elsewhere)');
    expect(spec.rates[0].label).toBe('Scenario cleared within the variant\'s attempts (at most 3)');
    expect(spec.rates.map((r) => r.id)).toContain('cleared_within_3');
    expect(exp.compiled.rulings.some((r) => r.id === 'campaign' && r.choice === 'max_attempts 1 (variant relay-single only)')).toBe(true);
  });

  it('a single operation is the campaign\'s first attempt on the same dice; the relay station records its counters', () => {
    const names = exp.compiled.variants.map((v) => v.name);
    const runners = exp.compiled.variants.map((v) => engine.createRunner(exp.compiled.game, v.params));
    const recs = runners.map(() => new GameRecord(spec));
    const dice = new RngDice(), pdice = new RngDice();
    let contactSeen = 0, retried = 0;
    for (let g = 0; g < 60; g++) {
      runners.forEach((r, k) => {
        dice.resetStream(exp.seed, g, STREAM_DICE);
        pdice.resetStream(exp.seed, g, STREAM_POLICY);
        recs[k].clear();
        r.play(dice, pdice, recs[k], null);
      });
      const [tc, ts, rc, rs] = names.map((n) => recs[names.indexOf(n)]);
      expect(ts.rates[0], `tutorial game ${g}`).toBe(tc.rates[idx('cleared_within_1')]);
      expect(rs.rates[0], `relay game ${g}`).toBe(rc.rates[idx('cleared_within_1')]);
      expect(ts.values[val('attempts')]).toBe(1);
      expect(rs.values[val('counter_contact_first')]).toBe(rc.values[val('counter_contact_first')]);
      expect(tc.values[val('counter_contact_first')]).toBe(0);
      contactSeen += rc.values[val('counter_contact_first')];
      if (tc.values[val('attempts')] > 1) retried++;
    }
    expect(contactSeen).toBeGreaterThan(0);
    expect(retried).toBeGreaterThan(0);
  });

  it('a 1-attempt campaign plays exactly the single operation (same dice: same success, same magazines spent)', () => {
    const doc = readFileSync(FILE, 'utf8').replace(/\n  campaign:\n    max_attempts: 3\n/, '\n').replace(/\nvariants:[\s\S]*$/, '\nvariants:\n  - { name: single, baseline: true }\n');
    const dir = mkdtempSync(join(tmpdir(), 'ua28-')), f = join(dir, 'single.yaml');
    writeFileSync(f, doc.replaceAll('../scenarios/', `${process.cwd()}/scenarios/`));
    const op = loadExperiment(f, {});
    const opSpec = engine.metrics(op.compiled.game);
    expect(opSpec.rates[0].id).toBe('win');
    expect(opSpec.values.some((v) => v.id === 'attempts')).toBe(false);
    const single = engine.createRunner(op.compiled.game, op.compiled.variants[0].params);
    const camp1 = engine.createRunner(exp.compiled.game, exp.compiled.variants[1].params);
    const a = new GameRecord(opSpec), b = new GameRecord(spec);
    const dice = new RngDice(), pdice = new RngDice();
    for (let g = 0; g < 60; g++) {
      for (const [r, rec] of [[single, a], [camp1, b]] as const) {
        dice.resetStream(exp.seed, g, STREAM_DICE);
        pdice.resetStream(exp.seed, g, STREAM_POLICY);
        rec.clear();
        r.play(dice, pdice, rec, null);
      }
      expect(b.rates[0], `game ${g}`).toBe(a.rates[0]);
      expect(b.values[val('magazines_spent')], `game ${g}`).toBe(a.values[opSpec.values.findIndex((v) => v.id === 'magazines_spent')]);
    }
  });

  it('a variant may change campaign: only when the experiment plays one (file:line, exit-2 error)', () => {
    const s: OpSpec = {
      scenario: { scenario: 's', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), final: { name: 'f', location: 'indoor', nothing: true } },
      squad: { leader: { sub_ability: 'shooting' }, operation: { campaign: { max_attempts: 2 } } },
    };
    expect(() => compileOp(s)).toThrow(/ua-op\.yaml:\d+: .*campaign.*only when the experiment/);
  });
});
