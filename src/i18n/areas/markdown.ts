/**
 * Messages of area `markdown.*` (issue 25 item 4): scenarios inside the designer's Markdown — the fenced
 * ```yaml balance-lab block, its errors at the .md's lines, and the warnings where the prose disagrees with it.
 */
export const en = {
  'markdown.noBlock': 'this Markdown file has no balance-lab block, so it holds no scenario data',
  'markdown.howToAdd': 'add the scenario as a fenced block anywhere in the .md: a line ```yaml balance-lab, the scenario in YAML (format: docs/scenarios/urban-assault.md; scenario_id and recommended_level may stay in your header), then a line ```',
  'markdown.twoBlocks': 'a second balance-lab block (the first opens at line {first})',
  'markdown.oneBlock': 'one ```yaml balance-lab block per file',
  'markdown.unclosed': 'the balance-lab block opened here is never closed (a line {fence} ends it)',
  'markdown.blockNotMapping': 'the balance-lab block is not a YAML mapping of scenario keys',
  'markdown.levelDiffers': 'the prose says recommended level {prose}, the block says {block}',
  'markdown.mapDiffers': 'the prose says {prose}, the block says map: {block}',
  'markdown.magazinesDiffer': 'the prose gives {prose} starting magazines at {level}, the block gives {block}',
  'markdown.warning': 'warning',
  'markdown.validated': 'ok: {file} (urban-assault scenario {id}, {map}, {tiles} tiles, {laps} lap(s); block at lines {open}–{close})',
  'markdown.warningsCount': '{count} warning(s): the prose and the block disagree; fix whichever is wrong',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'markdown.noBlock': 'この Markdown ファイルには balance-lab ブロックがないため、シナリオのデータがありません',
  'markdown.howToAdd': '.md の好きな位置にフェンスブロックとしてシナリオを書いてください: ```yaml balance-lab の行、YAML で書いたシナリオ（書式: docs/scenarios/urban-assault.md。scenario_id と recommended_level はヘッダーに書いたままで構いません）、最後に ``` の行',
  'markdown.twoBlocks': '2つ目の balance-lab ブロックです（1つ目は {first} 行目から）',
  'markdown.oneBlock': '1ファイルにつき ```yaml balance-lab ブロックは1つ',
  'markdown.unclosed': 'ここで始まる balance-lab ブロックが閉じられていません（{fence} の行で閉じます）',
  'markdown.blockNotMapping': 'balance-lab ブロックがシナリオのキーを並べた YAML のマッピングになっていません',
  'markdown.levelDiffers': '本文では推奨レベル {prose}、ブロックでは {block} です',
  'markdown.mapDiffers': '本文では {prose}、ブロックでは map: {block} です',
  'markdown.magazinesDiffer': '本文では {level} の初期弾倉が {prose}、ブロックでは {block} です',
  'markdown.warning': '警告',
  'markdown.validated': 'ok: {file}（urban-assault シナリオ {id}、{map}、マップ {tiles} 枚、{laps} 周。ブロックは {open}–{close} 行目）',
  'markdown.warningsCount': '警告 {count} 件: 本文とブロックが食い違っています。誤っている方を直してください',
} as const;
