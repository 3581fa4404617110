/**
 * Messages of area `hostile.*` (issue 39: bounded dice and values, text that cannot break an output, budgets of a
 * queue job, journal limits, files opened without following symlinks), in English and Japanese. No message quotes
 * the contents of a file. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'hostile.amountAllowed': 'an integer up to {max}, dice of at most {dice} (1d3, 1d6, 2d6, 1d3+1) or a product of two (1d6*1d6, 2d6*5)',
  'hostile.tooManyDice': '"{value}" rolls {n} dice; at most {max} are allowed in one expression',
  'hostile.amountTooLarge': '"{value}": {n} is larger than {max}',
  'hostile.workersAllowed': 'an integer ≥ {min} and ≤ {max} ({per} × this machine\'s {cpus} CPUs; more threads than CPUs only share them)',
  'hostile.jobTimeoutOption': 'the most seconds one job may play before it fails and the next runs (default {seconds})',
  'hostile.jobMemoryOption': 'the heap in MB one job\'s thread may use before it fails and the next runs (default {mb})',
  'hostile.jobTimeLimit': 'the chunk played longer than this worker\'s budget of {seconds} s (worker --job-timeout); it was stopped',
  'hostile.jobMemoryLimit': 'the chunk needed more than this worker\'s heap budget of {mb} MB (worker --job-memory); it was stopped',
  'hostile.resultDiscarded': 'chunk {m}: a value in Redis that is not a signed result of this run was removed; the chunk is played again',
  'hostile.controlChar': 'the text holds the control character {code} (a line break, tab, separator or direction override)',
  'hostile.textAllowed': 'one line of printable text (a briefing or note may span lines)',
  'hostile.rulesRefAllowed': 'a ruleset file inside the experiment\'s folder, the scenarios/ or rulesets/ folder beside it ({dirs}) or a configured root (--scenario-root, $BALANCE_LAB_SCENARIO_ROOTS)',
  'hostile.rulesNotFound': 'ruleset file "{ref}" not found (looked for {looked})',
  'hostile.rulesOutsideRoots': 'ruleset file "{ref}" is outside the folders an experiment may read ({real})',
  'hostile.rulesEmptyRef': 'the ruleset reference is empty',
  'hostile.outOfRange': '{field} {value} is outside the rules\' range {min}…{max}',
  'hostile.rangeAllowed': 'an integer from {min} to {max}; to go beyond it on purpose write { value: N, beyond_limit: true } (an integer from {lo} to {hi})',
  'hostile.beyondLimitTrue': 'beyond_limit must be true (it raises this value\'s range on purpose)',
  'hostile.stagingNotOwn': '{dir} is a symlink or not this user\'s own folder or file; balance-lab does not write through it',
  'hostile.stagingAllowed': 'remove it, or choose an --out folder in a place only you can write to',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'hostile.amountAllowed': '{max} 以下の整数、{dice} 個以下のダイス（1d3, 1d6, 2d6, 1d3+1）、またはその積（1d6*1d6, 2d6*5）',
  'hostile.tooManyDice': '"{value}" はダイスを {n} 個振ります。1 つの式で振れるのは {max} 個までです',
  'hostile.amountTooLarge': '"{value}": {n} は上限 {max} を超えています',
  'hostile.workersAllowed': '{min} 以上 {max} 以下の整数（このマシンの CPU {cpus} 個の {per} 倍。CPU より多いスレッドは CPU を分け合うだけです）',
  'hostile.jobTimeoutOption': '1 つのジョブが対戦できる最長の秒数。超えると失敗し、次のジョブに移ります（既定 {seconds}）',
  'hostile.jobMemoryOption': '1 つのジョブのスレッドが使えるヒープ（MB）。超えると失敗し、次のジョブに移ります（既定 {mb}）',
  'hostile.jobTimeLimit': 'チャンクがこのワーカーの上限 {seconds} 秒（worker --job-timeout）を超えたため止めました',
  'hostile.jobMemoryLimit': 'チャンクがこのワーカーのヒープ上限 {mb} MB（worker --job-memory）を超えたため止めました',
  'hostile.resultDiscarded': 'チャンク {m}: Redis にあったこの実行の署名付き結果ではない値を削除しました。チャンクをもう一度対戦します',
  'hostile.controlChar': 'テキストに制御文字 {code}（改行・タブ・区切り・方向の上書き）が含まれています',
  'hostile.textAllowed': '印字できる文字の 1 行（briefing と note は複数行にできます）',
  'hostile.rulesRefAllowed': '実験のフォルダ、その隣の scenarios/ か rulesets/ フォルダ（{dirs}）、または設定したルート（--scenario-root, $BALANCE_LAB_SCENARIO_ROOTS）にあるルールセットファイル',
  'hostile.rulesNotFound': 'ルールセットファイル "{ref}" が見つかりません（探した場所: {looked}）',
  'hostile.rulesOutsideRoots': 'ルールセットファイル "{ref}" は実験が読んでよいフォルダの外にあります（{real}）',
  'hostile.rulesEmptyRef': 'ルールセットの指定が空です',
  'hostile.outOfRange': '{field} {value} はルールの範囲 {min}…{max} の外です',
  'hostile.rangeAllowed': '{min} から {max} の整数。意図して範囲を超えるときは { value: N, beyond_limit: true } と書きます（{lo} から {hi} の整数）',
  'hostile.beyondLimitTrue': 'beyond_limit は true にします（この値の範囲を意図して広げます）',
  'hostile.stagingNotOwn': '{dir} はシンボリックリンクか、このユーザーのものではないフォルダまたはファイルです。balance-lab はそこを通して書きません',
  'hostile.stagingAllowed': 'それを削除するか、自分だけが書ける場所の --out フォルダを選んでください',
} as const;
