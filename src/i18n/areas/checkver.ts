/**
 * Messages of area `checkver.*` (check across rule versions, issue 24: a baseline made under one rule version
 * and a run under another), in English and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'checkver.metricsByVersion': 'the rule version changed ({before} → {now}), and with it the tracked metrics: {changes}; the metrics both runs track are compared',
  'checkver.added': 'added {ids}',
  'checkver.removed': 'removed {ids}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'checkver.metricsByVersion': 'ルールのバージョンが変わり（{before} → {now}）、追跡する指標も変わりました: {changes}。両方の実行にある指標を比較します',
  'checkver.added': '追加 {ids}',
  'checkver.removed': '削除 {ids}',
};
