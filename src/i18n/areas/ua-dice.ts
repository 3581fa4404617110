/**
 * Messages of area `uaDice.*` (issue 28 items 4–6: the difference table, 察知's choice, precise shots under parity
 * targeting, items between single attacks, tiles both indoor and outdoor), in English and Japanese. The type of `ja`
 * makes a missing id a compile error.
 */
export const en = {
  'uaDice.notDifferenceRange': '"{k}" is not a difference range',
  'uaDice.differenceRanges': '"0", "1-2", "3-5": differences 0 to 5 (the larger die minus the smaller)',
  'uaDice.differenceTwice': 'difference {f} is covered twice',
  'uaDice.differenceMissing': 'difference {value} has no entry',
  'uaDice.coverEveryDifference': 'cover every difference 0..5',
  'uaDice.rollDifference': 'd66 difference table: {a} and {b} → {d}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaDice.notDifferenceRange': '"{k}" は出目の差の範囲ではありません',
  'uaDice.differenceRanges': '"0"、"1-2"、"3-5"：差 0 から 5（大きい出目から小さい出目を引いた値）',
  'uaDice.differenceTwice': '差 {f} が 2 回指定されています',
  'uaDice.differenceMissing': '差 {value} の項目がありません',
  'uaDice.coverEveryDifference': '差 0..5 をすべて指定',
  'uaDice.rollDifference': 'd66 差分表：{a} と {b} → 差 {d}',
};
