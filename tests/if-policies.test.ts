// if-battle scripted policies: each rule list does what its readable rules
// say, on positions set up by the test; policies only read the observation
// and answer with one of the legal actions.
import { describe, expect, it } from 'vitest';
import { IF_POLICIES } from '../src/policies/if-battle/index.js';
import { attackValue, pSuccess } from '../src/policies/if-battle/scripted.js';
import { successProbability } from '../src/rules/if-battle/checks.js';
import * as D from '../src/rules/if-battle/decisions.js';
import { distance, step } from '../src/rules/if-battle/area-map.js';
import { ScriptedDice } from './helpers/scripted-dice.js';
import { areaAt, char, placeAt, setupIf, teleport } from './helpers/if-harness.js';

const policy = (id: string, params: Record<string, number> = {}) => {
  const info = IF_POLICIES.find((p) => p.id === id)!;
  const full: Record<string, number> = {};
  for (const [k, d] of Object.entries(info.defaults)) full[k] = params[k] ?? d.default;
  return info.create(full);
};

/** The policy's main-action answer for character 0 in the run's current state. */
function mainAnswer(run: ReturnType<typeof setupIf>, id: string, params: Record<string, number> = {}): number {
  const s = run.s;
  s.actor = 0;
  s.me = 0;
  const n = run.game.genMain(0);
  return policy(id, params).decide(D.D_MAIN, s, run.game.legal, n, new ScriptedDice([]));
}

const setup = (a: Record<string, unknown>, b: Record<string, unknown> = {}) =>
  setupIf({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) } }, [...placeAt(10, 10), ...placeAt(10, 14)]);

describe('striker', () => {
  it('closes in to its shortest reach while an attack stays affordable (4 areas away, strike reach 1: steps east)', () => {
    const run = setup({});
    expect(mainAnswer(run, 'striker')).toBe(D.mvDir(1));
  });
  it('in reach: boosts first when the attack stays affordable, then attacks', () => {
    const run = setup({ cost: 4, memories: ['strike', 'charge_up'] });
    teleport(run.s, 0, areaAt(10, 13));
    expect(mainAnswer(run, 'striker')).toBe(D.mem(1, 0));
    run.s.cost[0] = 1; // no cost left for both: attack
    expect(mainAnswer(run, 'striker')).toBe(D.mem(0, 1));
  });
});

describe('kiter', () => {
  it('steps away when the opponent is closer than its longest reach and an attack stays affordable', () => {
    const run = setup({ memories: ['strike', 'flame_shot'] });
    teleport(run.s, 0, areaAt(10, 13));
    const a = mainAnswer(run, 'kiter');
    expect(D.isMove(a)).toBe(true);
    expect(distance(step(areaAt(10, 13), D.dirOf(a)), areaAt(10, 14))).toBe(2); // away from B
  });
  it('at its reach (4 areas): attacks with flame_shot', () => {
    const run = setup({ memories: ['strike', 'flame_shot'] });
    expect(mainAnswer(run, 'kiter')).toBe(D.mem(1, 1));
  });
});

describe('bugger', () => {
  it('uses the attack that inflicts a bug the target does not carry before a stronger plain attack', () => {
    const run = setup({ memories: ['strike', 'binding_chain'] });
    teleport(run.s, 0, areaAt(10, 12)); // distance 2: binding_chain (1–3) only
    expect(mainAnswer(run, 'bugger')).toBe(D.mem(1, 1));
    run.s.bugs[1 * 11 + 1] = 2; // B already bound
    expect(mainAnswer(run, 'bugger')).not.toBe(D.mem(1, 1));
  });
});

describe('other decisions and estimates', () => {
  it('recover: the bug with the most points; counter: yes; flag: drop out at or below surrender_below', () => {
    const run = setup({});
    const s = run.s;
    s.actor = 0;
    s.bugs[0 * 11 + 3] = 1;
    s.bugs[0 * 11 + 7] = 3;
    const legal = Int32Array.from([D.A_NONE, 3, 7]);
    expect(policy('striker').decide(D.D_RECOVER, s, legal, 3, new ScriptedDice([]))).toBe(7);
    expect(policy('striker', { recover: 0 }).decide(D.D_RECOVER, s, legal, 3, new ScriptedDice([]))).toBe(D.A_NONE);
    const flags = Int32Array.from([D.FL_CONTINUE, D.FL_DROP, D.FL_CEASE]);
    s.life[0] = 5;
    expect(policy('striker', { surrender_below: 0.25 }).decide(D.D_FLAG, s, flags, 3, new ScriptedDice([]))).toBe(D.FL_DROP);
    expect(policy('striker').decide(D.D_FLAG, s, flags, 3, new ScriptedDice([]))).toBe(D.FL_CONTINUE);
  });
  it('expected damage = P(hit) × (1 − P(counter)) × damage, with the exact check probabilities', () => {
    const run = setup({ power: 1, skills: { impact: 3 } }, { skills: { impact: 1 } });
    const s = run.s;
    const t = s.def.check;
    expect(pSuccess(t, 1)).toBeCloseTo(successProbability(t, 1), 12);
    const strike = s.memoryDef(0, 0);
    // Hit at rank 1 (6+: 26/36), counter at rank 3 + 1 = 4 (9+: 10/36), damage 3 + 1.
    expect(attackValue(s, 0, 1, strike)).toBeCloseTo((26 / 36) * (1 - 10 / 36) * 4, 12);
  });
});
