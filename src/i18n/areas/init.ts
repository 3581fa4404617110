/**
 * Messages of area `init.*` (issue 25 item 3): `balance-lab init` finding the designer's Markdown scenarios and
 * writing a workflow that uses the GitHub Action.
 */
export const en = {
  'init.notAFolder': '--scenarios "{dir}" is not a folder',
  'init.badLang': 'unknown summary language "{lang}"',
  'init.optScenarios': 'a folder of your Markdown scenarios: one experiment per .md with a ```yaml balance-lab block',
  'init.optAction': 'the Action the workflow uses (default: this balance-lab\'s repository at its version)',
  'init.optSummaryLang': 'language of the job summary (ja or en; default ja)',
  'init.noBlock': 'skipped {file}: it has no ```yaml balance-lab block (add one to simulate it: docs/scenarios/urban-assault.md, "Scenarios inside Markdown")',
  'init.found': 'found {file} ({map}): experiments/{stem}.yaml, with the framework\'s {map} targets',
  'init.next': 'next: commit and push. On GitHub: Actions → balance → Run workflow ("update baselines") records the first baselines; every push then checks them. Locally (optional): npx balance-lab run {experiment}',
  'init.wfUnchanged': 'Baselines unchanged: nothing to commit.',
  'init.wfCommitted': 'Committed the baselines',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'init.notAFolder': '--scenarios "{dir}" はフォルダではありません',
  'init.badLang': 'サマリーの言語 "{lang}" はありません',
  'init.optScenarios': 'Markdown シナリオのフォルダ: ```yaml balance-lab ブロックのある .md ごとに実験を1つ作ります',
  'init.optAction': 'ワークフローが使う Action（既定: この balance-lab のリポジトリとバージョン）',
  'init.optSummaryLang': 'ジョブサマリーの言語（ja または en。既定 ja）',
  'init.noBlock': '{file} は対象外: ```yaml balance-lab ブロックがありません（シミュレーションするにはブロックを追加: docs/scenarios/urban-assault.md「Scenarios inside Markdown」）',
  'init.found': '{file}（{map}）を見つけました: experiments/{stem}.yaml（フレームワークの {map} 目標つき）',
  'init.next': '次に: コミットしてプッシュ。GitHub で Actions → balance → Run workflow（update baselines）を実行すると最初のベースラインが記録され、以後プッシュごとに比較されます。手元で試すなら（任意）: npx balance-lab run {experiment}',
  'init.wfUnchanged': 'ベースラインに変化はありません。コミットするものはありません。',
  'init.wfCommitted': 'ベースラインをコミットしました',
} as const;
