/**
 * Messages of area `security.*` (issue 29: which files an experiment may read, bounded reads, YAML that is data
 * only, size limits, the results folder's marker and lock, checksums of journals and partials), in English and
 * Japanese. No message ever quotes the contents of a file. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'security.scenarioRootOption': 'a folder experiments may read scenario files from (repeatable; also $BALANCE_LAB_SCENARIO_ROOTS, separated by ":")',
  'security.badScenarioRoot': 'scenario root "{dir}" is not a folder ({code})',
  'security.emptyRef': 'the scenario reference is empty',
  'security.refAllowed': 'a file inside the experiment\'s folder or the scenarios/ folder beside it ({dirs}), a configured scenario root (--scenario-root, $BALANCE_LAB_SCENARIO_ROOTS), or a shipped scenario: {shipped}',
  'security.badBuiltin': '"{ref}" is not a shipped scenario name (a name, no folders)',
  'security.notFound': 'scenario file "{ref}" not found (looked for {looked})',
  'security.outsideRoots': 'scenario file "{ref}" is outside the folders an experiment may read ({real})',
  'security.cannotOpen': 'cannot read file {file}({code})',
  'security.isFolder': '{file} is a folder, not a file',
  'security.notRegular': '{file} is not an ordinary file (it is {kind}); only ordinary files are read',
  'security.tooBig': '{file} is larger than {max} bytes',
  'security.pseudoFile': '{file} is not an ordinary file (its size changes while it is read, like a /proc or /sys file); only ordinary files are read',
  'security.kindFifo': 'a named pipe',
  'security.kindChar': 'a character device',
  'security.kindBlock': 'a block device',
  'security.kindSocket': 'a socket',
  'security.kindOther': 'a special file',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'security.scenarioRootOption': '実験がシナリオファイルを読んでよいフォルダ（複数指定可。$BALANCE_LAB_SCENARIO_ROOTS に ":" 区切りでも指定可）',
  'security.badScenarioRoot': 'シナリオルート "{dir}" はフォルダではありません（{code}）',
  'security.emptyRef': 'シナリオの指定が空です',
  'security.refAllowed': '実験ファイルのフォルダかその隣の scenarios/ フォルダ（{dirs}）の中のファイル、設定したシナリオルート（--scenario-root、$BALANCE_LAB_SCENARIO_ROOTS）の中のファイル、または同梱シナリオ: {shipped}',
  'security.badBuiltin': '"{ref}" は同梱シナリオの名前ではありません（フォルダを含まない名前のみ）',
  'security.notFound': 'シナリオファイル "{ref}" が見つかりません（探した場所: {looked}）',
  'security.outsideRoots': 'シナリオファイル "{ref}" は実験が読んでよいフォルダの外にあります（{real}）',
  'security.cannotOpen': 'ファイル {file}を読めません（{code}）',
  'security.isFolder': '{file} はフォルダで、ファイルではありません',
  'security.notRegular': '{file} は通常のファイルではありません（{kind}）。読むのは通常のファイルだけです',
  'security.tooBig': '{file} は {max} バイトを超えています',
  'security.pseudoFile': '{file} は通常のファイルではありません（/proc や /sys のファイルのように、読む間に大きさが変わります）。読むのは通常のファイルだけです',
  'security.kindFifo': '名前付きパイプ',
  'security.kindChar': 'キャラクタデバイス',
  'security.kindBlock': 'ブロックデバイス',
  'security.kindSocket': 'ソケット',
  'security.kindOther': '特殊ファイル',
};
