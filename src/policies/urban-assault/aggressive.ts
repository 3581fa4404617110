/**
 * `aggressive`: always strikes first, never retreats or pays, throws every
 * expendable and skill at the first chance.
 */
import * as D from '../../rules/urban-assault/decisions.js';
import { COMMON_PARAMS } from './default.js';
import { indoorHelps, scriptedPolicy, type LeaderRule, type Params } from './scripted.js';
import type { UaPolicyInfo } from '../../rules/urban-assault/decisions.js';

export const AGGRESSIVE_RULES: readonly LeaderRule[] = [
  { action: 'medkit on 負傷 (2026-03 rules)', kind: D.K_MEDKIT, target: 'any', when: (o, p) => o.wounds >= p.cure_wounds_at },
  { action: 'engineer IED', kind: D.K_IED, target: 'armoured', when: () => true },
  { action: 'AT4', kind: D.K_AT4, target: 'armoured', when: () => true },
  { action: 'C4 before the fight', kind: D.K_C4_PRE, target: 'armoured', when: () => true },
  { action: 'frag grenade', kind: D.K_FRAG, target: 'largest', when: () => true },
  { action: 'acoustic device', kind: D.K_ACOUSTIC, target: 'largest', when: (o) => o.nSpecial > 0 },
  { action: 'barricade when indoor favours the squad', kind: D.K_BARRICADE, target: 'any', when: (o) => o.nSpecial > 0 && indoorHelps(o) },
  { action: 'flashbang', kind: D.K_FLASHBANG, target: 'largest', when: () => true },
  { action: 'stun grenade skill', kind: D.K_STUN_SKILL, target: 'largest', when: () => true },
  { action: 'grenade skill', kind: D.K_GRENADE, target: 'armoured', when: () => true },
  { action: 'shotgun', kind: D.K_SHOTGUN, target: 'largest', when: () => true },
  { action: 'rapid fire', kind: D.K_RAPID, target: 'focus', when: () => true },
  { action: 'precise shot', kind: D.K_PRECISE, target: 'focus', when: () => true },
  { action: 'full-power attack', kind: D.K_FULL_POWER, target: 'focus', when: () => true },
  { action: 'shoot', kind: D.K_SHOOT, target: 'focus', when: () => true },
  { action: 'melee', kind: D.K_MELEE, target: 'focus', when: () => true },
];

export const aggressivePolicy: UaPolicyInfo = {
  id: 'aggressive',
  summary: 'always strikes first, never retreats or pays, spends everything at once; in operations takes risky options and never uses 察知',
  defaults: { ...COMMON_PARAMS, retreat_life: { ...COMMON_PARAMS.retreat_life, default: 0 }, read_threshold: { ...COMMON_PARAMS.read_threshold, default: 1.01 }, max_bribe: { ...COMMON_PARAMS.max_bribe, default: 0 },
    // Operations: takes risks for loot, never avoids a tile, sells nothing.
    life_value: { ...COMMON_PARAMS.life_value, default: 1.5 }, ap_rounds: { ...COMMON_PARAMS.ap_rounds, default: 2 }, drone_threat: { ...COMMON_PARAMS.drone_threat, default: 0 }, detect_threat: { ...COMMON_PARAMS.detect_threat, default: 4 }, sell_surplus: { ...COMMON_PARAMS.sell_surplus, default: 0 } },
  create: (p: Params) => scriptedPolicy(AGGRESSIVE_RULES, p),
};
