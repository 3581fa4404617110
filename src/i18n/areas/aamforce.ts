/**
 * Messages of area `aamforce.*` (an Axis & Allies Miniatures side's point limits, used by army searches), in English
 * and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'aamforce.overPoints': 'the {side} force costs {points} points, more than max_points {max}',
  'aamforce.underPoints': 'the {side} force costs {points} points, fewer than min_points {min}',
  'aamforce.minAboveMax': 'min_points {min} is above max_points {max}',
  'aamforce.minAtMost': 'min_points ≤ max_points ({max})',
  'aamforce.atMost': 'a force of at most {max} points',
  'aamforce.atLeast': 'a force of at least {min} points',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'aamforce.overPoints': '{side} 軍の部隊は {points} ポイントで、max_points {max} を超えています',
  'aamforce.underPoints': '{side} 軍の部隊は {points} ポイントで、min_points {min} に足りません',
  'aamforce.minAboveMax': 'min_points {min} が max_points {max} を上回っています',
  'aamforce.minAtMost': 'min_points ≤ max_points（{max}）',
  'aamforce.atMost': '{max} ポイント以下の部隊',
  'aamforce.atLeast': '{min} ポイント以上の部隊',
};
