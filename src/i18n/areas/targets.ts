/**
 * Messages of area `targets.*` (issue 25 item 5): the designer's balance targets — declared bands, their verdicts
 * (met / missed / undecided) in `run`, `check` and the job summary, and the framework's terms.
 */
export const en = {
  'targets.expectedBand': 'expected a band [lo, hi]',
  'targets.bandEmpty': 'the band [{lo}, {hi}] is empty',
  'targets.unknownMetric': 'unknown metric "{metric}" for a target',
  'targets.rateBand': 'a rate\'s band is a fraction of games (0.6 = 60%)',
  'targets.unknownVariant': 'unknown variant "{variant}"',
  'targets.heading': 'Targets (met: the 95% CI lies inside the band; below / above: wholly below / above it; undecided: it straddles an edge)',
  'targets.line': '  {verdict}  {name} {band}  {variant}: {estimate} [{lo}, {hi}]  ({who})',
  'targets.beside': '; {name} {estimate} [{lo}, {hi}]',
  'targets.hisNumbers': 'the designer\'s framework, {map}',
  'targets.skipped': '  not evaluated: {metrics} (this experiment does not report them; the framework\'s targets are per operation)',
  'targets.met': 'met',
  'targets.below': 'below',
  'targets.above': 'above',
  'targets.undecided': 'undecided',
  'targets.nameWin': 'success',
  'targets.nameWiped': '全滅',
  'targets.nameLeaderDown': 'leader down',
  'targets.nameCombats': 'combats',
  'targets.nameCombatMagazines': 'magazines',
  'targets.namePerCombat': 'mags/combat',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'targets.expectedBand': '範囲 [下限, 上限] を書いてください',
  'targets.bandEmpty': '範囲 [{lo}, {hi}] が空です',
  'targets.unknownMetric': '目標の指標 "{metric}" はありません',
  'targets.rateBand': '率の範囲はゲーム数に対する割合です（0.6 = 60%）',
  'targets.unknownVariant': 'バリアント "{variant}" はありません',
  'targets.heading': '目標（達成: 95%信頼区間が範囲内、未達 / 超過: 範囲より下 / 上、未確定: 境界をまたぐ）',
  'targets.line': '  {verdict}  {name} {band}  {variant}: {estimate} [{lo}, {hi}]（{who}）',
  'targets.beside': '。{name} {estimate} [{lo}, {hi}]',
  'targets.hisNumbers': '設計者のフレームワーク {map}',
  'targets.skipped': '  評価しない指標: {metrics}（この実験では出力されません。フレームワークの目標は1作戦あたりです）',
  'targets.met': '達成',
  'targets.below': '未達',
  'targets.above': '超過',
  'targets.undecided': '未確定',
  'targets.nameWin': '成功率',
  'targets.nameWiped': '全滅率',
  'targets.nameLeaderDown': '分隊長死亡',
  'targets.nameCombats': '交戦回数',
  'targets.nameCombatMagazines': '弾倉消費',
  'targets.namePerCombat': '1戦闘の弾倉',
} as const;
