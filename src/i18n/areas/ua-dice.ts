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
  'uaDice.detectOptionTwice': 'an outcome is listed twice',
  'uaDice.f.both': 'outdoor and indoor',
  'uaDice.betweenNeedsAnyTime': 'between_attacks needs use: any_time (an item used as an action or before a map roll is not used between attacks)',
  'uaDice.detectSucceeds': ' — succeeds',
  'uaDice.detectReroll': '  察知: the squad avoids the area (マップ振り直し)',
  'uaDice.detectFewer': '  察知: the squad goes in with one enemy fewer (敵数−1)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaDice.notDifferenceRange': '"{k}" は出目の差の範囲ではありません',
  'uaDice.differenceRanges': '"0"、"1-2"、"3-5"：差 0 から 5（大きい出目から小さい出目を引いた値）',
  'uaDice.differenceTwice': '差 {f} が 2 回指定されています',
  'uaDice.differenceMissing': '差 {value} の項目がありません',
  'uaDice.coverEveryDifference': '差 0..5 をすべて指定',
  'uaDice.rollDifference': 'd66 差分表：{a} と {b} → 差 {d}',
  'uaDice.detectOptionTwice': '同じ結果が 2 回挙げられています',
  'uaDice.f.both': '屋外・室内',
  'uaDice.betweenNeedsAnyTime': 'between_attacks には use: any_time が必要です（行動として使うアイテムやマップロール前に使うアイテムは攻撃の合間には使いません）',
  'uaDice.detectSucceeds': ' — 成功',
  'uaDice.detectReroll': '  察知：区画への進入を回避する（マップ振り直し）',
  'uaDice.detectFewer': '  察知：敵を1体減らして進入する（敵数−1）',
};
