/**
 * Messages of area `uatwo.*` (URBAN ASSAULT v1.01 §45 two players, 2人の分隊長; issue 40), in English and Japanese.
 * Rule terms keep their Japanese form in both languages. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uatwo.version': '"players: 2" (§45 2人の分隊長) is played only under rule version v1.01-2026-10 or a ruleset based on it; this variant plays {played}',
  'uatwo.versionFix': 'rules: v1.01-2026-10, or leave players out (one player)',
  'uatwo.notPlayedFix': 'leave players out, or play scenarios that issue no expendables',
  'uatwo.issued': '"players: 2" is not played on a scenario that issues expendables (作戦単位の支給品 shared by the two leaders, §45, is not built)',
  'uatwo.halfSize': '{headcount} members do not fit two squads of half the 分隊規模 {squadSize} (§45: each leader\'s 分隊規模 is half, rounded down: {half})',
  'uatwo.halfSizeFix': 'at most {most} members in all (dealt between the two squads)',
  'uatwo.swap': '  now {who} and his squad',
  'uatwo.first': 'the first leader',
  'uatwo.second': 'the second leader',
  'uatwo.squads': 'two players (§45): the first leader with {a} members, the second (life {life}) with {b}; 分隊規模 {size} each',
  'uatwo.secondHead': '   the second leader: life {life}, members {members}',
  'uatwo.split': '  §45: {toLeader} at the leaders ({a} / {b}), {toMembers} at the squads ({ma} / {mb})',
  'uatwo.attempt': '   the second leader: level {level}, {sub} {subCur}/{subMax}, life {life}, {gear}, members {members}',
  'uatwo.fell': '  {who} fell (deaths {deaths}); a successor takes over his side only (§45), the other leader carries on',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uatwo.version': '"players: 2"（§45 2人の分隊長）は v1.01-2026-10 またはそれを基にしたルールセットでだけ処理されます。このバリアントは {played} です',
  'uatwo.versionFix': 'rules: v1.01-2026-10 にするか、players を書かない（1人プレイ）',
  'uatwo.notPlayedFix': 'players を書かないか、消耗品を支給しないシナリオにする',
  'uatwo.issued': '"players: 2" は消耗品を支給するシナリオでは処理されません（作戦単位の支給品を2人で共有する処理（§45）は未実装です）',
  'uatwo.halfSize': '隊員 {headcount} 人は、分隊規模 {squadSize} の半分（端数切捨て {half}）の分隊2つに収まりません（§45）',
  'uatwo.halfSizeFix': '隊員は合計 {most} 人まで（2つの分隊に分けます）',
  'uatwo.swap': '  {who}と分隊の番',
  'uatwo.first': '1人目の分隊長',
  'uatwo.second': '2人目の分隊長',
  'uatwo.squads': '2人プレイ（§45）：1人目の分隊長の隊員 {a} 人、2人目（生命点 {life}）の隊員 {b} 人。分隊規模は各 {size}',
  'uatwo.secondHead': '   2人目の分隊長：生命点 {life}、隊員 {members}',
  'uatwo.split': '  §45：分隊長側 {toLeader}（{a} / {b}）、分隊員側 {toMembers}（{ma} / {mb}）',
  'uatwo.attempt': '   2人目の分隊長：レベル {level}、{sub} {subCur}/{subMax}、生命点 {life}、{gear}、隊員 {members}',
  'uatwo.fell': '  {who}が戦死した（死亡 {deaths}）。戦死した側だけ後任分隊長が引き継ぎ、もう1人はそのまま継続する（§45）',
} as const;
