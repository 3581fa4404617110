/**
 * Messages of area `uaver.*` (URBAN ASSAULT rule versions and rulesets, issue 24), in English and Japanese.
 * Rule terms keep their Japanese form in both languages. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaver.unknownVersion': 'unknown rule version "{value}"',
  'uaver.versionsAllowed': 'a shipped version ({versions}) or a ruleset file ending in .yaml',
  'uaver.rulesetBase': 'a designer\'s ruleset names the shipped version it changes: base: <version>',
  'uaver.unknownEntry': 'unknown {section} entry "{id}": this list is fixed (each entry has its own procedure)',
  'uaver.newEntryMissing': 'new {section} entry "{id}" lacks the required field "{field}"',
  'uaver.missingEntry': 'the ruleset lacks {section} entry "{id}"',
  'uaver.badExpr': '"{value}" is not a loot amount',
  'uaver.exprAllowed': 'an integer, dice (1d3, 1d6, 2d6, 1d3+1) or a product of two (1d6*1d6, 2d6*5)',
  'uaver.lootFace': 'a loot face gives either magazines or gunpyo (軍票)',
  'uaver.overBudget': 'purchases cost {cost} 軍票 but the leader has {have} (§26 軍票 10 枚)',
  'uaver.twoHanded': 'the {weapon} is two-handed (［両手］) and cannot be fired with a shield',
  'uaver.summary': 'rule version {version}: {title}',
  'uaver.summaryVariant': 'rule version {version} (variant {variant} only): {title}',
  'uaver.replayRules': 'rules:      {version}',
  'uaver.carryFixedOnly': '持ち物上限 + n (carry) is the ability of a fixed member role (K9, ポーター); an added role has no ability of its own',
  'uaver.coreVersionNotice': 'scenario {scenario} was written for rule version {written}; it is played under {played}',
  'uaver.newerOnly': '"{key}" is played only under rule version {version} or a ruleset based on it; this experiment plays {played}',
  'uaver.played': 'Rules: {rules}',
  'uaver.playedVariant': '{version} (variant {variant})',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaver.unknownVersion': '知らないルールのバージョン "{value}" です',
  'uaver.versionsAllowed': '同梱のバージョン（{versions}）か、.yaml で終わるルールセットファイル',
  'uaver.rulesetBase': 'デザイナーのルールセットは、変更元の同梱バージョンを base: <バージョン> で示します',
  'uaver.unknownEntry': '{section} の知らない項目 "{id}" です。この一覧は固定です（項目ごとに処理が異なります）',
  'uaver.newEntryMissing': '{section} の新しい項目 "{id}" に必須の欄 "{field}" がありません',
  'uaver.missingEntry': 'ルールセットに {section} の項目 "{id}" がありません',
  'uaver.badExpr': '"{value}" は戦利品の量として読めません',
  'uaver.exprAllowed': '整数、ダイス（1d3, 1d6, 2d6, 1d3+1）、またはその積（1d6*1d6, 2d6*5）',
  'uaver.lootFace': '戦利品表の各出目は弾倉（magazines）か軍票（gunpyo）のどちらか一方を与えます',
  'uaver.overBudget': '購入額は {cost} 軍票ですが、分隊長の所持は {have} 軍票です（§26 軍票 10 枚）',
  'uaver.twoHanded': '{weapon} は両手持ち（［両手］）のため、シールドと併用して射撃できません',
  'uaver.summary': 'ルールのバージョン {version}: {title}',
  'uaver.summaryVariant': 'ルールのバージョン {version}（バリアント {variant} のみ）: {title}',
  'uaver.replayRules': 'ルール:     {version}',
  'uaver.carryFixedOnly': '持ち物上限 + n（carry）は固定の隊員（K9、ポーター）の能力です。追加した隊員は固有の能力を持ちません',
  'uaver.coreVersionNotice': 'シナリオ {scenario} はルールのバージョン {written} 用に書かれています。{played} で遊びます',
  'uaver.newerOnly': '"{key}" はルールのバージョン {version}（またはそれを base にしたルールセット）でだけ処理されます。この実験は {played} です',
  'uaver.played': 'ルール: {rules}',
  'uaver.playedVariant': '{version}（バリアント {variant}）',
} as const;
