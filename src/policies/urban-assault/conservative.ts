/**
 * `conservative`: rations magazines (the leader keeps a reserve and fights hand
 * to hand below it), reads every reaction, pays small bribes, retreats early.
 */
import * as D from '../../rules/urban-assault/decisions.js';
import { COMMON_PARAMS, DEFAULT_RULES } from './default.js';
import { scriptedPolicy, type LeaderRule, type Params } from './scripted.js';
import type { UaPolicyInfo } from '../../rules/urban-assault/decisions.js';

export const CONSERVATIVE_RULES: readonly LeaderRule[] = DEFAULT_RULES.filter((r) => r.kind !== D.K_RAPID && r.kind !== D.K_SHOTGUN);

export const conservativePolicy: UaPolicyInfo = {
  id: 'conservative',
  summary: 'rations magazines (keeps a reserve), reads every reaction, pays small bribes, retreats early; in operations avoids risky options and uses 察知 on any enemy tile',
  defaults: {
    ...COMMON_PARAMS,
    retreat_life: { ...COMMON_PARAMS.retreat_life, default: 2 },
    read_threshold: { ...COMMON_PARAMS.read_threshold, default: 0.01 },
    max_bribe: { ...COMMON_PARAMS.max_bribe, default: 3 },
    reserve: { ...COMMON_PARAMS.reserve, default: 4 },
    member_reserve: { ...COMMON_PARAMS.member_reserve, default: 4 },
    // Operations: values life highly, avoids enemy groups with 察知 too.
    life_value: { ...COMMON_PARAMS.life_value, default: 6 },
    detect_threat: { ...COMMON_PARAMS.detect_threat, default: 2 },
  },
  create: (p: Params) => scriptedPolicy(CONSERVATIVE_RULES, p),
};
