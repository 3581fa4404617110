/**
 * Messages of area `uaFormat.*` (issue 28 items 4–9: URBAN ASSAULT scenario-format additions), in English and
 * Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaFormat.counterNeverReaches': 'counter {name} can never be {bounds}: its values are {range}; this condition never holds',
  'uaFormat.counterReachable': 'a bound inside the counter\'s values ({range}), or change the counter\'s min/max/start or add an effect that moves it',
  'uaFormat.equalsWithBound': 'equals cannot be given together with at_least / at_most (equals sets both bounds)',
  'uaFormat.equalsOrBounds': 'equals: n, or at_least / at_most',
  'uaFormat.squadFirstNeverApplies': 'squad_first_strike here can never apply: the encounter sets enemy_first_strike: true, which beats every squad-first rule (engine semantics 16)',
  'uaFormat.mandatoryNeedsModifier': 'mandatory needs a tens or units modifier to apply',
  'uaFormat.scopeNeedsNightMod': 'night_attack_scope needs night_attack_mod (the penalty it spreads)',
  'uaFormat.warning': 'warning',
  'uaFormat.warningsCount': '{count} warning(s) about the scenario',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaFormat.counterNeverReaches': 'カウンター {name} は {bounds} になり得ません（取り得る値は {range}）。この条件は決して成り立ちません',
  'uaFormat.counterReachable': 'カウンターの取り得る値（{range}）の中の境界値。またはカウンターの min/max/start を変えるか、値を動かす効果を加えてください',
  'uaFormat.equalsWithBound': 'equals は at_least / at_most と同時に指定できません（equals は上下両方の境界を決めます）',
  'uaFormat.equalsOrBounds': 'equals: n、または at_least / at_most',
  'uaFormat.squadFirstNeverApplies': 'この squad_first_strike は決して適用されません。遭遇に enemy_first_strike: true があり、これは分隊先制のあらゆる規則に優先します（エンジン仕様 16）',
  'uaFormat.mandatoryNeedsModifier': 'mandatory には適用する tens か units の修正が必要です',
  'uaFormat.scopeNeedsNightMod': 'night_attack_scope には night_attack_mod（適用範囲を決める修正値）が必要です',
  'uaFormat.warning': '警告',
  'uaFormat.warningsCount': 'シナリオについての警告 {count} 件',
};
