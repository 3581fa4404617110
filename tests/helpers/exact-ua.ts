// Test helper: hand-built URBAN ASSAULT games (no experiment file) for the
// exact cross-checks: one engagement against a single enemy soldier.
import { shippedRules } from '../../src/rules/urban-assault/catalogue/ruleset-read.js';
import { N_ROLES, baseCatalogue } from '../../src/rules/urban-assault/catalogue/catalogue.js';
import type { EngagementDef, GauntletDef, SquadDef } from '../../src/rules/urban-assault/config.js';
import { defaultRulings } from '../../src/rules/urban-assault/catalogue/rulings.js';
import { UA_POLICIES } from '../../src/policies/urban-assault/index.js';

/**
 * One indoor engagement against a single gun-armed soldier of `level`, no
 * reaction table (the enemy would attack at once), no retreat, one round.
 * With `enemyFirst` the scenario forces the enemy to act first.
 */
export function oneSoldierGame(level: number, enemyFirst: boolean): GauntletDef {
  const e: EngagementDef = {
    name: 'one soldier', indoor: true, dark: false,
    units: [{ name: 'soldier', htt: false, count: { n: 0, sides: 6, bonus: 1 }, level, life: 1, attacks: 1, attackMod: 0, attackModIsCover: true, armoured: false, gunArmed: true, screenedBy: -1, immune: 0 }],
    reactionTable: null, parity: null, firstRoundDefenceMod: 0, enemyFirstStrike: enemyFirst, attackersCap: 0, extortionCost: 1,
    negotiable: false, retreatAllowed: false, lootMagazines: 0, lootTable: false,
  };
  return { engagements: [e], difficulty: 'custom', startingMagazines: 10, attackersCap: 0, retreatMode: 'abort', maxRetreats: 0, maxRounds: 1, rulings: defaultRulings(), catalogue: baseCatalogue() };
}

/** A 射撃 leader with no skills, an AR without attachment, no armour, no members, life 1, the default policy. */
export function bareLeader(skill: number, magazines: number): SquadDef {
  const def = UA_POLICIES.find((p) => p.id === 'default')!;
  return {
    sub: 2, skill, lifeBase: 1, lifeMax: 1, subMax: 2, squadSize: 7, skills: 0, weapon: 'AR', attachment: null, armour: null, shield: null,
    expendables: [0, 0, 0, 0, 0], nvg: false, members: new Array<number>(N_ROLES).fill(0), magazines, mre: 0, purchaseCost: 0,
    policy: 'default', policyParams: Object.fromEntries(Object.entries(def.defaults).map(([k, d]) => [k, d.default])), supplyRequest: null, carriedFixed: 3, carryLimit: 7,
    rules: shippedRules(), scripStart: 0,
  };
}
