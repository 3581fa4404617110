/**
 * Messages of area `benchRef.*` (issue 26): the column headers of `bench --reference`'s table, one message per
 * column so that the table can pad every column to its header's display width in either language; and those of
 * `bench --specialised` (issue 44: the specialised path against the general engine).
 */
export const en = {
  'benchRef.engagement': 'engagement',
  'benchRef.cGamesPerS': 'C games/s',
  'benchRef.pythonGamesPerS': 'Python games/s',
  'benchRef.toolGamesPerS': 'balance-lab games/s (1 worker)',
  'benchRef.vsC': 'balance-lab ÷ C',
  'benchRef.vsPython': 'balance-lab ÷ Python',
  'benchRef.optSpecialised': 'measure only the specialised path against the general engine (run --no-specialise) on the flagship, the 軍票 campaign and Black Sun\'s three-lap campaign: games/s of each run, the two paired and alternated in one sitting (--games: games per variant of every case)',
  'benchRef.optRounds': 'pairs of runs per case with --specialised (default {rounds})',
  'benchRef.specCase': 'timing {file} specialised and general…\n',
  'benchRef.specExperiment': 'experiment',
  'benchRef.specGames': 'games per variant × variants',
  'benchRef.specFast': 'specialised games/s',
  'benchRef.specGeneral': 'general games/s',
  'benchRef.specRatio': 'specialised ÷ general',
  'benchRef.specPerRound': 'per pair',
  'benchRef.specFootnote': 'node {node}, {workers} workers, {rounds} pairs per case played back to back in alternating order (specialised first in odd pairs, general first in even ones), each run with a fresh worker pool as run plays it: games/s are each side\'s median, the ratio is the medians\' (per pair: each pair\'s own). Results are identical on both paths; on a shared machine only the ratios mean anything.',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'benchRef.engagement': '交戦',
  'benchRef.cGamesPerS': 'C ゲーム/秒',
  'benchRef.pythonGamesPerS': 'Python ゲーム/秒',
  'benchRef.toolGamesPerS': 'balance-lab ゲーム/秒（ワーカー 1）',
  'benchRef.vsC': 'balance-lab ÷ C（倍）',
  'benchRef.vsPython': 'balance-lab ÷ Python（倍）',
  'benchRef.optSpecialised': '特化した経路と汎用エンジン（run --no-specialise）だけを、看板の実験・軍票キャンペーン・Black Sun の 3 周キャンペーンで計測する: 各 run のゲーム/秒を、両者を交互に対にして一度に計測（--games: 各ケースのバリアントごとのゲーム数）',
  'benchRef.optRounds': '--specialised で各ケースに走らせる対の数（既定 {rounds}）',
  'benchRef.specCase': '{file} を特化と汎用で計測中…\n',
  'benchRef.specExperiment': '実験',
  'benchRef.specGames': 'バリアントごとのゲーム数 × バリアント数',
  'benchRef.specFast': '特化 ゲーム/秒',
  'benchRef.specGeneral': '汎用 ゲーム/秒',
  'benchRef.specRatio': '特化 ÷ 汎用（倍）',
  'benchRef.specPerRound': '対ごと',
  'benchRef.specFootnote': 'node {node}、ワーカー {workers}、各ケース {rounds} 対を続けて、順番を入れ替えながら計測（奇数番目の対は特化が先、偶数番目は汎用が先）。各 run は run と同じく新しいワーカーで走ります。ゲーム/秒は各側の中央値、比はその中央値どうしの比（対ごと: 各対の比）。結果は両経路で同一です。共有の計算機では比だけに意味があります。',
};
