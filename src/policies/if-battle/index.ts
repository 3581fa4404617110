/**
 * The if-battle policies (`policy:` in an experiment): the scripted
 * `striker`, `kiter` and `bugger`, and `random`.
 */
import type { IfPolicyInfo } from '../../rules/if-battle/decisions.js';
import type { MainRule } from './scripted.js';
import { BUGGER_RULES, KITER_RULES, STRIKER_RULES, buggerPolicy, kiterPolicy, randomPolicy, strikerPolicy } from './scripted.js';

export const IF_POLICIES: readonly IfPolicyInfo[] = [strikerPolicy, kiterPolicy, buggerPolicy, randomPolicy];

/** Main-action rules of each scripted policy, for `list` and the docs. */
export const IF_POLICY_RULES: Readonly<Record<string, readonly MainRule[]>> = {
  striker: STRIKER_RULES,
  kiter: KITER_RULES,
  bugger: BUGGER_RULES,
};
