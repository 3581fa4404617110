// The 負傷 policy parameters (issue 24): cure_wounds_at and fumble_wound_below are tuned like every other policy
// parameter (`tune:` races them per variant), over their whole range — fumble_wound_below 4 takes the wound at
// 負傷 3 too, which UA-V05's `member_fumble: wound-always` offers (before, 3 was the most and that choice could not
// be reached).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import type { UaObservation } from '../src/rules/urban-assault/combat/state.js';
import { COMMON_PARAMS, defaultPolicy } from '../src/policies/urban-assault/default.js';
import type { Dice } from '../src/sim/core/dice.js';
import { compileUa } from './helpers/ua-harness.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-woundtune-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const params = (o: Record<string, number>) => ({ ...Object.fromEntries(Object.entries(COMMON_PARAMS).map(([k, d]) => [k, d.default])), ...o });
const fumbleAt = (wounds: number, below: number) =>
  defaultPolicy.create(params({ fumble_wound_below: below })).decide(D.D_FUMBLE, { wounds } as UaObservation, new Int32Array([D.A_WOUND, D.A_LOSE_MEMBER]), 2, null as unknown as Dice);

describe('負傷 policy parameters', () => {
  it('fumble_wound_below 4 takes the wound at 負傷 3; 3 loses the member there', () => {
    expect(fumbleAt(3, 4)).toBe(D.A_WOUND);
    expect(fumbleAt(3, 3)).toBe(D.A_LOSE_MEMBER);
    expect(() => compileUa({ rules: 'public-2026-03-23', engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'f', count: 1, level: 4 }] }], squad: { leader: { sub_ability: 'command' }, policy_params: { fumble_wound_below: 4 } } })).not.toThrow();
  });

  it('the medic\'s 応急処置 has its own threshold (medic_aid_at); cure_wounds_at is the medkit\'s (issue 38)', () => {
    const yesNo = new Int32Array([D.A_YES, D.A_NO]);
    const aid = (wounds: number, o: Record<string, number>) =>
      defaultPolicy.create(params(o)).decide(D.D_MEDIC_AID, { wounds } as UaObservation, yesNo, 2, null as unknown as Dice);
    expect(aid(1, { medic_aid_at: 1, cure_wounds_at: 4 })).toBe(D.A_YES);
    expect(aid(1, { medic_aid_at: 2, cure_wounds_at: 1 })).toBe(D.A_NO);
    expect(aid(3, { medic_aid_at: 4, cure_wounds_at: 1 })).toBe(D.A_NO);
    expect(() => compileUa({ rules: 'public-2026-03-23', engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'f', count: 1, level: 4 }] }], squad: { leader: { sub_ability: 'command' }, members: { medic: 1 }, buy: ['medkit'], policy_params: { medic_aid_at: 1, cure_wounds_at: 3 } } })).not.toThrow();
  });

  it('tune: races cure_wounds_at and fumble_wound_below per variant under the published rules', () => {
    const exp = `name: wound-tune
question: When should the leader cure and take wounds?
game: urban-assault
seed: 5
rules: public-2026-03-23
catalogue:
  procedures: { member_fumble: wound-always }
stop: { games: 600, chunk: 300 }
gauntlet:
  starting_magazines: 8
  engagements:
    - { name: guards, location: indoor, enemies: [ { name: guards, count: 1d3+2, level: 4 } ], reaction: hostile }
squad:
  leader: { sub_ability: command, xp: { skill: 4, life: 4, sub: 2 }, skills: [first_aid] }
  members: { assault: 2 }
  buy: [medkit]
variants:
  - { name: baseline, baseline: true }
tune:
  params: { cure_wounds_at: [1, 4], fumble_wound_below: [0, 4] }
  games: { start: 300, max: 1200 }
`;
    const f = join(root, 'w.yaml');
    writeFileSync(f, exp);
    const r = spawnSync(process.execPath, [BIN, 'run', f, '--out', join(root, 'out'), '--quiet', '--workers', '1'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const csv = readFileSync(join(root, 'out', 'tuning.csv'), 'utf8');
    const m = /^baseline,"\{""cure_wounds_at"":(\d),""fumble_wound_below"":(\d)\}"/m.exec(csv);
    expect(m, csv).not.toBeNull();
    expect(['1', '4']).toContain(m![1]);
    expect(['0', '4']).toContain(m![2]);
  });
});
