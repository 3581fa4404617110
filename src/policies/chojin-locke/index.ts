/**
 * The chojin-locke policies: scripted espers (sync-leader, sync-follower,
 * solo, escape-artist, stretch), the automatic-combat enemy of 10.12.2 and
 * the uniform random policy.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { LkView } from '../../rules/chojin-locke/state.js';
import type { LkPolicyInfo } from '../../rules/chojin-locke/decisions.js';
import type { ParamDef } from '../../sim/core/policy-list.js';
import { COMMON_PARAMS, SOLO_RULES, SYNC_LEADER_RULES, scriptedPolicy, type NormalRule, type Params } from './scripted.js';

const withDefaults = (over: Record<string, Partial<ParamDef>>): Record<string, ParamDef> => {
  const out: Record<string, ParamDef> = { ...COMMON_PARAMS };
  for (const [k, v] of Object.entries(over)) out[k] = { ...out[k], ...v } as ParamDef;
  return out;
};

export const syncLeaderPolicy: LkPolicyInfo = {
  id: 'sync-leader',
  summary: 'attacks with its highest-LEVEL card so allies can synchronise (10.8.1); synchronises itself when its turn has not come',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(SYNC_LEADER_RULES, p),
};

export const syncFollowerPolicy: LkPolicyInfo = {
  id: 'sync-follower',
  summary: 'synchronises with every ally attack it has a card for (its most powerful one at or below the level); attacks alone with its most powerful card if its turn comes first',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(SOLO_RULES, p),
};

export const soloPolicy: LkPolicyInfo = {
  id: 'solo',
  summary: 'never synchronises: attacks alone with its most powerful card on its own turn',
  defaults: withDefaults({ sync: { default: 0 } }),
  create: (p: Params) => scriptedPolicy(SOLO_RULES, p),
};

export const escapeArtistPolicy: LkPolicyInfo = {
  id: 'escape-artist',
  summary: 'holds teleports: never spends its last teleport on blocks, escapes an attack it cannot defend, flees at low durability',
  defaults: withDefaults({ escape: { default: 1 }, keep_teleport: { default: 1 }, flee_at: { default: 1 } }),
  create: (p: Params) => scriptedPolicy(SOLO_RULES, p),
};

export const stretchPolicy: LkPolicyInfo = {
  id: 'stretch',
  summary: 'plays cards above its ESP level by willpower checks (up to max_checks, if all pass with ≥ min_success)',
  defaults: withDefaults({ max_checks: { default: 2 }, min_success: { default: 0.2 } }),
  create: (p: Params) => scriptedPolicy(SOLO_RULES, p),
};

/** 10.12.2: automatic-combat enemy. Attacks a random target with its strongest card, defends only, blocks every teleport. */
export const AUTO_RULES: readonly NormalRule[] = SOLO_RULES.filter((r) => r.kind !== 'escape');

export const autoEnemyPolicy: LkPolicyInfo = {
  id: 'auto-enemy',
  summary: '10.12.2 automatic combat: every card it may take, all equipment, jammer and attacks on random targets, defend only (never escape), block every teleport alone or with others',
  defaults: withDefaults({ random_target: { default: 1 } }),
  create: (p: Params) => scriptedPolicy(AUTO_RULES, p, { defendOnly: true, blockAll: true, randomTargets: true }),
};

export const randomPolicy: LkPolicyInfo = {
  id: 'random',
  summary: 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  defaults: {},
  create: () => ({ decide: (_d: number, _v: LkView, legal: Int32Array, n: number, rng: Dice) => legal[rng.below(n)] }),
};

export const LK_POLICIES: readonly LkPolicyInfo[] = [syncLeaderPolicy, syncFollowerPolicy, soloPolicy, escapeArtistPolicy, stretchPolicy, autoEnemyPolicy, randomPolicy];

/** The normal-action rules of each scripted policy (for docs and `list`). */
export const LK_POLICY_RULES: Readonly<Record<string, readonly NormalRule[]>> = {
  'sync-leader': SYNC_LEADER_RULES,
  'sync-follower': SOLO_RULES,
  solo: SOLO_RULES,
  'escape-artist': SOLO_RULES,
  stretch: SOLO_RULES,
  'auto-enemy': AUTO_RULES,
};
