/**
 * Messages of area `table.*` (the summary table printed after a run, and the stopping rule in words), in English and Japanese. The type of
 * `ja` makes a missing id a compile error. Keys and values of files stay as the files spell them.
 */
export const en = {
  'table.vsBaseline': 'vs baseline',
  'table.ppPerCost': 'pp per cost',
  'table.vsBaselinePairedDifference': 'vs baseline = paired difference vs {baseline} in percentage points; pp per cost = that difference divided by the extra cost ({costUnit}).',
  'table.fixedGamesPerVariant': 'fixed {games} games per variant',
  'table.n95CIHalfWidth': '95% CI half-width ≤ {pp} pp (min {minGames}, max {maxGames} games per variant)',
  'table.variant': 'variant',
  'table.games': 'games',
  'table.withCi': '{label} (95% CI)',
  'table.cost': 'cost ({unit})',
  'table.footer': 'seed {seed} · {games} games per variant · stopping rule: {rule}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'table.vsBaseline': '基準との差',
  'table.ppPerCost': 'コストあたり pp',
  'table.vsBaselinePairedDifference': '基準との差 = {baseline} との対応のある差（パーセントポイント）。コストあたり pp = その差を追加コスト（{costUnit}）で割ったもの。',
  'table.fixedGamesPerVariant': 'バリアントごとに固定 {games} ゲーム',
  'table.n95CIHalfWidth': '95% CI の半幅 ≤ {pp} pp（バリアントごとに最小 {minGames}、最大 {maxGames} ゲーム）',
  'table.variant': 'バリアント',
  'table.games': 'ゲーム数',
  'table.withCi': '{label}（95% CI）',
  'table.cost': 'コスト（{unit}）',
  'table.footer': 'シード {seed} · バリアントごとに {games} ゲーム · 停止規則: {rule}',
};
