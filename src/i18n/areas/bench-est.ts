/**
 * Messages of area `benchest.*` (issue 27): bench's seconds to ±0.5 pp of the shipped experiments — measured by
 * playing each run to that stop, or extrapolated past a time budget (src/bench/shipped.ts).
 */
export const en = {
  'benchest.footnote': 's to ±0.5 pp: the seconds a real run of the slowest of the engine\'s shipped experiments takes on all workers, start to written results, until everything its stop rule waits for reaches a 0.5 pp 95% CI — every variant\'s own win rate and each paired difference, or with target_of: differences the paired differences only. Each run is played to that stop; one still going after {budget} s is extrapolated at the games/s of its later half (marked ~). --json names each experiment and how its figure was obtained.',
  'benchest.extrapolated': '~{value}',
  'benchest.optMeasure': 'seconds each shipped experiment\'s run is played towards its 0.5 pp stop before the rest is extrapolated (default {budget}; 0: play only its first two chunks and extrapolate from them, a quick figure)',
  'benchest.startupFailed': 'timing the start of balance-lab run failed (exit {status}): {stderr}',
  'benchest.buildMissing': '{file} not found; run "npm run build" first',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'benchest.footnote': '±0.5 pp までの秒数: エンジンの同梱の実験のうち最も遅いものを全ワーカーで実際に run したとき、開始から結果の書き出しまでにかかる秒数。停止規則の待つすべての区間 ― 各バリアント自身の勝率と各対の差、target_of: differences なら対の差だけ ― の 95% CI が 0.5 pp に達するまでを数えます。各実験はその停止まで実際に走らせ、{budget} 秒を過ぎても終わらないものは後半のゲーム/秒で残りを外挿します（「約」付き）。--json では実験ごとの値と、実測か外挿かを示します。',
  'benchest.extrapolated': '約{value}',
  'benchest.optMeasure': '同梱の各実験を 0.5 pp の停止に向けて実際に走らせる秒数。これを過ぎたら残りを外挿します（既定 {budget}。0 なら最初の 2 チャンクだけを走らせて外挿する簡易な値）',
  'benchest.startupFailed': 'balance-lab run の起動時間の計測に失敗しました（終了コード {status}）: {stderr}',
  'benchest.buildMissing': '{file} が見つかりません。先に "npm run build" を実行してください',
};
