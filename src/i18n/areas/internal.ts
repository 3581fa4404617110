/**
 * Messages of area `internal.*` (issue 26): the texts only a broken install or a bug in balance-lab can show — the
 * sim loop's and the band check's internal checks, a missing worker script or browser bundle, the report page's
 * console note for a chart that failed to draw and the web app's worker protocol. They reach the user inside
 * "internal error" reports, so they follow the chosen language like every other line.
 */
export const en = {
  'internal.workerScriptMissing': 'worker script {file} not found; run "npm run build" first',
  'internal.noPlatform': 'no platform installed: an entry point must install one (src/sim/core/platform.ts) before it loads an experiment',
  'internal.summaryColumns': 'a job-summary table has at most {max} columns (got {got})',
  'internal.workersNotCount': 'workers must be a non-negative integer (got {workers})',
  'internal.targetErrorNoRate': 'target_error needs a primary rate, but engine "{engine}" reports none',
  'internal.chunkMalformed': 'chunk {chunk} came back malformed',
  'internal.bandVariantMissing': 'band at {where}: variant "{variant}" is not in the run',
  'internal.bandRateMissing': 'band at {where}: rate "{metric}" is not in the run',
  'internal.bandValueMissing': 'band at {where}: value "{metric}" is not in the run',
  'internal.noPrimaryRate': 'report: the metric spec has no rates, so there is no primary rate',
  'internal.packageFolderMissing': 'report: cannot find the package folder of {name}',
  'internal.bundleMissing': 'report: {name} is installed without its browser bundle {rel} (reinstall with npm ci)',
  'internal.seriesPointOutside': 'report: series point (step {step}, var {var}) of variant "{variant}" is outside the series spec',
  'internal.chartFailedConsole': 'balance-lab report: chart {name} failed: {error}',
  'internal.workerNoExperiment': 'worker: experiment {key} was not sent',
  'internal.diceLookupRange': 'A&A dice table: the map has distances up to {need}, the lookup holds up to {max}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'internal.workerScriptMissing': 'ワーカーのスクリプト {file} が見つかりません。先に "npm run build" を実行してください',
  'internal.noPlatform': 'プラットフォームが設定されていません。実験を読み込む前に、入口でひとつ設定する必要があります（src/sim/core/platform.ts）',
  'internal.summaryColumns': 'ジョブサマリーの表は {max} 列までです（{got} 列あります）',
  'internal.workersNotCount': 'workers は 0 以上の整数でなければなりません（指定: {workers}）',
  'internal.targetErrorNoRate': 'target_error には主要な率が必要ですが、エンジン "{engine}" は率を一つも報告しません',
  'internal.chunkMalformed': 'チャンク {chunk} の結果が壊れた形で返ってきました',
  'internal.bandVariantMissing': '{where} の帯: バリアント "{variant}" がこの実行にありません',
  'internal.bandRateMissing': '{where} の帯: 率 "{metric}" がこの実行にありません',
  'internal.bandValueMissing': '{where} の帯: 値 "{metric}" がこの実行にありません',
  'internal.noPrimaryRate': 'report: 指標の定義に率が一つもないため、主要な率がありません',
  'internal.packageFolderMissing': 'report: {name} のパッケージのフォルダーが見つかりません',
  'internal.bundleMissing': 'report: {name} がブラウザー用のバンドル {rel} なしでインストールされています（npm ci で入れ直してください）',
  'internal.seriesPointOutside': 'report: バリアント "{variant}" の系列の点（step {step}、var {var}）が系列の定義の範囲外です',
  'internal.chartFailedConsole': 'balance-lab レポート: グラフ {name} を描けませんでした: {error}',
  'internal.workerNoExperiment': 'ワーカー: 実験 {key} が送られていません',
  'internal.diceLookupRange': 'A&A のダイス表: マップの距離は最大 {need} ですが、表が持てるのは {max} までです',
};
