/**
 * Messages of area `solveLang.*` (issue 26): the verdict words a solve or calibration report shows in its charts
 * (legend, tooltip) and tables, and the words around its headings and intervals. The English verdict words are the
 * values solve.csv and calibration.csv keep.
 */
export const en = {
  'solveLang.feasible': 'feasible',
  'solveLang.infeasible': 'infeasible',
  'solveLang.undecided': 'undecided',
  'solveLang.met': 'met',
  'solveLang.missed': 'missed',
  'solveLang.heading': '{path} → {kind} of {metric} = {target}',
  'solveLang.kind.rate': 'rate',
  'solveLang.kind.difference': 'difference',
  'solveLang.kind.mean': 'mean',
  'solveLang.colLo': 'lo',
  'solveLang.colHi': 'hi',
  'solveLang.ciGames': '{estimate} [{lo}, {hi}] ({games} games)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'solveLang.feasible': '実現可能',
  'solveLang.infeasible': '実現不可能',
  'solveLang.undecided': '未決',
  'solveLang.met': '達成',
  'solveLang.missed': '未達',
  'solveLang.heading': '{path} → {metric} の{kind} = {target}',
  'solveLang.kind.rate': '率',
  'solveLang.kind.difference': '差',
  'solveLang.kind.mean': '平均',
  'solveLang.colLo': '下限',
  'solveLang.colHi': '上限',
  'solveLang.ciGames': '{estimate} [{lo}, {hi}]（{games} ゲーム）',
};
