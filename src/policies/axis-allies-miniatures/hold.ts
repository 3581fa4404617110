/**
 * `hold`: never moves; attacks the best target in reach (finishing off units
 * already hit first). For static firefights, e.g. the value of cover.
 */
import { BEST_ATTACK, COMMON_PARAMS, FINISH_OFF, scriptedPolicy, type Params, type RuleSet } from './scripted.js';
import type { AamPolicyInfo } from '../../rules/axis-allies-miniatures/decisions.js';

export const HOLD_RULES: RuleSet = {
  movement: [],
  assault: [FINISH_OFF, BEST_ATTACK],
};

export const holdPolicy: AamPolicyInfo = {
  id: 'hold',
  summary: 'never moves; attacks the best target in reach, finishing off units already hit first',
  defaults: COMMON_PARAMS,
  create: (p: Params) => scriptedPolicy(HOLD_RULES, p),
};
